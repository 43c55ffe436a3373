/**
 * OpenAI's o200k_base tokenizer (GPT-4o, GPT-4.1, GPT-5, o-series: Codex's and Copilot's GPT models),
 * offline. The encoder is `tiktoken` (WebAssembly bindings of OpenAI's own Rust core; its ranks ship in the
 * package), loaded synchronously on the first count and never at module load: importing this file costs
 * nothing. docs/tokens.md says why this package and not a pure-JavaScript port.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

interface Encoder {
  encode_ordinary(text: string): Uint32Array;
}

interface TiktokenLite {
  Tiktoken: new (ranks: string, special: Record<string, number>, pattern: string) => Encoder;
}

interface RankFile {
  bpe_ranks: string;
  special_tokens: Record<string, number>;
  pat_str: string;
}

const require = createRequire(import.meta.url);

let encoder: Encoder | undefined;
let loads = 0;

/** The o200k_base encoder, built on the first call (the WebAssembly module and the 2.3 MB rank file). */
function o200k(): Encoder {
  if (encoder) return encoder;
  const { Tiktoken } = require("tiktoken/lite") as TiktokenLite;
  const ranks = JSON.parse(
    readFileSync(require.resolve("tiktoken/encoders/o200k_base.json"), "utf8"),
  ) as RankFile;
  encoder = new Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  loads++;
  return encoder;
}

/** How many times this process built the encoder (0 until the first count; tests read it). */
export function o200kLoads(): number {
  return loads;
}

/**
 * The longest run the encoder is given whole. Byte-pair merging costs the square of a piece's length, and
 * the tokenizer's pre-split keeps a run of letters, of punctuation or of whitespace as one piece: 20,000
 * `x` cost a second, a 1 MB line would cost an hour. A longer run is counted in pieces of this length.
 */
export const O200K_MAX_RUN = 2048;

const LONG_RUN = new RegExp(
  `[\\p{L}\\p{M}]{${O200K_MAX_RUN + 1},}|[^\\s\\p{L}\\p{N}]{${O200K_MAX_RUN + 1},}|\\s{${O200K_MAX_RUN + 1},}`,
  "gu",
);

export interface O200kCount {
  tokens: number;
  /**
   * Set when a run longer than {@link O200K_MAX_RUN} characters was counted in pieces: the count may then
   * differ from the model's (it is then incomplete, not exact).
   */
  incomplete?: string;
}

/**
 * The most characters of one text the encoder counts (about a second of it on this project's 2-core
 * machine). A longer text is counted up to here and the rest extrapolated at the same rate: the count is
 * then incomplete, never exact (a 10 MB one-line import made `cap` twice as slow).
 */
export const O200K_MAX_TEXT = 1024 * 1024;

/** Counts `text` in o200k_base tokens; special-token text (`<|endoftext|>`) counts as ordinary text. */
export function countO200k(text: string): O200kCount {
  if (text.length > O200K_MAX_TEXT) {
    let cut = O200K_MAX_TEXT;
    const last = text.charCodeAt(cut - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut--; // never split a surrogate pair
    const head = countO200k(text.slice(0, cut));
    return {
      tokens: Math.round((head.tokens * text.length) / cut),
      incomplete: `${text.length.toLocaleString("en-US")} characters: the first ${cut.toLocaleString("en-US")} were counted and the rest estimated at their rate`,
    };
  }
  return countWhole(text);
}

function countWhole(text: string): O200kCount {
  if (text === "") return { tokens: 0 };
  const enc = o200k();
  LONG_RUN.lastIndex = 0;
  let m = LONG_RUN.exec(text);
  if (m === null) return { tokens: enc.encode_ordinary(text).length };
  let tokens = 0;
  let from = 0;
  let longest = 0;
  while (m !== null) {
    const run = m[0];
    tokens += enc.encode_ordinary(text.slice(from, m.index)).length;
    for (let i = 0; i < run.length; ) {
      let end = Math.min(i + O200K_MAX_RUN, run.length);
      const last = run.charCodeAt(end - 1);
      if (end < run.length && last >= 0xd800 && last <= 0xdbff) end++; // never split a surrogate pair
      tokens += enc.encode_ordinary(run.slice(i, end)).length;
      i = end;
    }
    longest = Math.max(longest, run.length);
    from = m.index + run.length;
    m = LONG_RUN.exec(text);
  }
  tokens += enc.encode_ordinary(text.slice(from)).length;
  return {
    tokens,
    incomplete: `a run of ${longest} characters without a break was counted in pieces of ${O200K_MAX_RUN} (the whole run would take the tokenizer too long)`,
  };
}
