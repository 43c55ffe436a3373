/**
 * Colour decisions for every text renderer: colour only on a TTY, never when NO_COLOR is set. A colour is
 * written as a marker (./terminal.ts) that only the output boundary turns into its escape sequence, so the
 * repository text between them can never carry a sequence of its own.
 */
import { mark } from "./terminal.js";

/** The styles renderers use, as SGR open and close codes. */
const STYLES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
} as const;

export type Colors = { readonly [K in keyof typeof STYLES]: (s: string) => string };

/**
 * The one colour decision: true when output to `stream` may be coloured, i.e. the stream is a TTY,
 * `NO_COLOR` is absent or empty (https://no-color.org) and `TERM` is not `dumb`. FORCE_COLOR is
 * deliberately ignored. Never throws.
 */
export function shouldColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

const plain = (s: string) => s;

/**
 * The style functions, active only when `enabled`. Styled text holds markers for the output boundary
 * (toTerminal in ./terminal.ts); a style closed inside another of the same close code re-opens the outer
 * one, as picocolors does.
 */
export function colors(enabled: boolean): Colors {
  const out: Record<string, (s: string) => string> = {};
  for (const [name, [open, close]] of Object.entries(STYLES)) {
    if (!enabled) {
      out[name] = plain;
      continue;
    }
    const o = mark(`\u001b[${open}m`);
    const c = mark(`\u001b[${close}m`);
    out[name] = (s) => `${o}${s.replaceAll(c, c + o)}${c}`;
  }
  return out as Colors;
}
