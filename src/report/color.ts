/** Colour decisions for every text renderer: colour only on a TTY, never when NO_COLOR is set. */
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

/**
 * True when output to `stream` may be coloured: the stream is a TTY and NO_COLOR is absent or empty
 * (https://no-color.org). FORCE_COLOR is deliberately ignored.
 */
export function shouldColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true;
}

/** picocolors functions, active only when `enabled`. */
export function colors(enabled: boolean): Colors {
  return pc.createColors(enabled);
}

/**
 * Whether to colour finding output for a stream: {@link shouldColor} (only on a TTY, never when `NO_COLOR`
 * is set to a non-empty value, https://no-color.org), and not for `TERM=dumb`.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.TERM === "dumb") return false;
  return shouldColor(stream, env);
}
