/**
 * Token estimates per model family, for models with no offline tokenizer (docs/tokens.md). Each one is the
 * estimator the agent's own CLI uses, ported exactly, so the number is the agent's own guess and its source
 * can be named:
 * - `claude` / `claude-legacy`: Claude Code 2.1.332's character-kind model (the estimator it passes
 *   `byCharacterKind` to): every UTF-16 code unit falls in a class (ASCII letters, digits, spaces, CJK...),
 *   and each class has a cost per run start, per unit in a run's first 16, and per later unit (repeated or
 *   not). Two calibrations: one for Claude Opus 4.7 and later (`claude`), one for the older tokenizer of
 *   Claude 3 to 4.6 and Haiku 4.5 (`claude-legacy`, the CLI's `costBeforeOpus47`).
 * - `gemini`: Gemini CLI 0.61.0's `estimateTextTokens`: an ASCII unit is 1/4 token, any other UTF-16 unit
 *   1.5 tokens; a text over 100,000 units is its length / 4; the sum rounded down.
 */

export type EstimateFamily = "claude" | "claude-legacy" | "gemini";

/** What each family's estimate is, for the label every output prints beside the number. */
export const ESTIMATE_SOURCES: Readonly<Record<EstimateFamily, string>> = {
  claude: "Claude Opus 4.7 and later: Claude Code 2.1.332's character-kind estimate",
  "claude-legacy":
    "Claude 3 to 4.6 and Haiku 4.5: Claude Code 2.1.332's character-kind estimate (older tokenizer)",
  gemini: "Gemini: Gemini CLI 0.61.0's estimate (ASCII 1/4 token, other characters 1.5)",
};

/** One character class: its code-unit ranges and costs `[start, run, later = start, repeat = later]`. */
interface CharClass {
  ranges: readonly (readonly [number, number])[];
  cost: readonly number[];
  /** Costs under the older tokenizer (Claude 3 to 4.6); `cost` when absent. */
  legacy?: readonly number[];
}

/**
 * Claude Code 2.1.332's table, in its order: a later class overrides an earlier one on the units they share
 * (so `a`-`z` are class 2, not class 1).
 */
const CLASSES: readonly CharClass[] = [
  { ranges: [[128, 65535]], cost: [0.92, 0, 0.92, 0.6] },
  { ranges: [[0, 127]], cost: [0.4, 0.88, 0.95, 0.1], legacy: [0.36, 0.74, 0.78, 0.1] },
  { ranges: [[97, 122]], cost: [0.2, 0.46, 0.71], legacy: [0.06, 0.68, 0.6] },
  { ranges: [[65, 90]], cost: [0.74, 0.64, 0.92], legacy: [0.35, 0.28, 0.65] },
  { ranges: [[48, 57]], cost: [0.15, 1.47, 0.33] },
  {
    ranges: [
      [32, 32],
      [9, 9],
    ],
    cost: [0.05, 0],
  },
  {
    ranges: [
      [10, 10],
      [13, 13],
    ],
    cost: [0, 1.25],
  },
  {
    ranges: [
      [192, 879],
      [7680, 7935],
    ],
    cost: [1.6, 0],
  },
  { ranges: [[880, 1023]], cost: [0.74, 0] },
  { ranges: [[1024, 1327]], cost: [0.42, 0] },
  { ranges: [[1328, 2303]], cost: [0.72, 0] },
  { ranges: [[2304, 7679]], cost: [0.9, 0] },
  { ranges: [[12352, 12543]], cost: [0.77, 0] },
  { ranges: [[13312, 40959]], cost: [1.07, 0] },
  { ranges: [[44032, 55215]], cost: [1.31, 0] },
];

/** How many units at the start of a run cost the run price. */
const RUN_HEAD = 16;

let classOf: Uint8Array | undefined;

function classTable(): Uint8Array {
  if (classOf) return classOf;
  const t = new Uint8Array(65536);
  CLASSES.forEach((c, index) => {
    for (const [from, to] of c.ranges) t.fill(index, from, to + 1);
  });
  classOf = t;
  return t;
}

/** `[start, run, later, repeat]` of a class, the defaults filled in as the CLI fills them. */
function costs(c: CharClass, legacy: boolean): [number, number, number, number] {
  const v = legacy ? (c.legacy ?? c.cost) : c.cost;
  const start = v[0] ?? 0;
  const run = v[1] ?? 0;
  const later = v[2] ?? start;
  const repeat = v[3] ?? later;
  return [start, run, later, repeat];
}

/** Claude Code 2.1.332's character-kind estimate of `text` (the older calibration when `legacy`). */
export function claudeCharacterKindEstimate(text: string, legacy: boolean): number {
  const table = classTable();
  const n = CLASSES.length;
  const head = new Uint32Array(n);
  const runs = new Uint32Array(n);
  const later = new Uint32Array(n);
  const repeats = new Uint32Array(n);
  let current = -1;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const k = table[unit] as number;
    if (k !== current) {
      runs[k] = (runs[k] as number) + 1;
      current = k;
      runStart = i;
    }
    if (i - runStart < RUN_HEAD) head[k] = (head[k] as number) + 1;
    else if (unit === text.charCodeAt(i - 1)) repeats[k] = (repeats[k] as number) + 1;
    else later[k] = (later[k] as number) + 1;
  }
  let total = 0;
  CLASSES.forEach((c, k) => {
    const [start, run, afterHead, repeat] = costs(c, legacy);
    total +=
      (head[k] as number) * start +
      (runs[k] as number) * run +
      (later[k] as number) * afterHead +
      (repeats[k] as number) * repeat;
  });
  return Math.round(total);
}

/** Gemini CLI 0.61.0's `estimateTextTokens` with its default 4 characters per token, rounded down. */
export function geminiEstimate(text: string): number {
  if (text.length > 100_000) return Math.floor(text.length / 4);
  let tokens = 0;
  for (let i = 0; i < text.length; i++) tokens += text.charCodeAt(i) <= 127 ? 0.25 : 1.5;
  return Math.floor(tokens);
}

/** The estimate of `text` for a model family. */
export function estimateTokens(text: string, family: EstimateFamily): number {
  if (family === "gemini") return geminiEstimate(text);
  return claudeCharacterKindEstimate(text, family === "claude-legacy");
}

/**
 * Models Claude Code 2.1.332 estimates with the older tokenizer (its 4-bytes-per-token set); every other
 * Claude model uses the newer one (3 bytes per token).
 */
const LEGACY_CLAUDE_MODELS = new Set([
  "claude-3-opus",
  "claude-3-sonnet",
  "claude-3-haiku",
  "claude-3-5-sonnet",
  "claude-3-5-haiku",
  "claude-3-7-sonnet",
  "claude-opus-4-0",
  "claude-opus-4-1",
  "claude-opus-4-5",
  "claude-opus-4-6",
  "claude-sonnet-4-0",
  "claude-sonnet-4-5",
  "claude-sonnet-4-6",
  "claude-haiku-4-5",
]);

/**
 * The estimate family of a Claude model id: `claude-legacy` for the models Claude Code 2.1.332 counts at
 * 4 bytes per token (Claude 3 to Sonnet/Opus 4.6, Haiku 4.5), else `claude`. A context suffix (`[1m]`), a
 * date (`-20250514`), a provider prefix (`us.anthropic.`, `anthropic/`) and `.`/`_` spellings are ignored;
 * a bare major version (`claude-opus-4`) is its `-0` release.
 */
export function claudeFamilyOf(model: string): "claude" | "claude-legacy" {
  let id = model.trim().toLowerCase();
  id = id.replace(/\[[^\]]*\]$/, "");
  id = id.slice(id.lastIndexOf("/") + 1);
  const at = id.indexOf("claude-");
  if (at > 0) id = id.slice(at);
  id = id
    .replace(/[._]/g, "-")
    .replace(/-v\d+(:\d+)?$/, "")
    .replace(/-\d{8}$/, "")
    .replace(/-latest$/, "");
  if (/^claude-(opus|sonnet|haiku)-\d+$/.test(id)) id = `${id}-0`;
  return LEGACY_CLAUDE_MODELS.has(id) ? "claude-legacy" : "claude";
}
