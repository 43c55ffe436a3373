/** Colour decisions for every text renderer: colour only on a TTY, never when NO_COLOR is set. */
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

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

/** picocolors functions, active only when `enabled`. */
export function colors(enabled: boolean): Colors {
  return pc.createColors(enabled);
}
