/** The `--format` choice shared by `cap` and `lint`: which renderer of this room prints the findings. */
import { UsageError } from "../errors.js";

/** Output formats shared by `cap` and `lint`. */
export const FORMATS = ["text", "json", "github", "sarif", "markdown"] as const;
export type Format = (typeof FORMATS)[number];

/** The commander option object of `--format` (raw string, validated by {@link parseFormat}). */
export type FormatFlag = { format?: string };

/**
 * The output format from `--format F` and `--json` (default text). `--json` is `--format json`; combined
 * with a different `--format` it is a {@link UsageError} (exit 2) rather than a silent precedence.
 */
export function formatFromFlags(o: { format?: string; json?: boolean }): Format {
  if (o.format === undefined) return o.json ? "json" : "text";
  const f = parseFormat(o.format);
  if (o.json && f !== "json") {
    throw new UsageError(`--json conflicts with --format ${f}; give one of them`);
  }
  return f;
}

/** Validates a `--format` value. Throws UsageError naming the allowed values. */
export function parseFormat(v: string): Format {
  if ((FORMATS as readonly string[]).includes(v)) return v as Format;
  throw new UsageError(`--format must be one of ${FORMATS.join(", ")}; got ${JSON.stringify(v)}`);
}
