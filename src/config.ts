/**
 * `.agent-context.json` at the repository root: the caps (per agent), router shard locations, declared
 * un-lowerable rules and hook limits. Parsed strictly: a malformed file is a configuration error (exit 2)
 * that names the file; it never silently falls back to defaults.
 */

import { isAbsolute } from "node:path";
import { visit } from "jsonc-parser";
import { UsageError } from "./errors.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "./fs/nesting.js";
import { joinPath } from "./fs/paths.js";
import { describeReadFailure, readTextFile } from "./fs/read.js";
import { CHARGEABLE_KINDS, type ItemKind } from "./model/item.js";

export const CONFIG_FILE = ".agent-context.json";

/**
 * A cap per kind in bytes (`{"skill": 4000}`): the kind's entries and its lists' overhead together may not
 * exceed it, whether or not the total charges the kind. Keys are chargeable kinds (src/model/item.ts).
 */
export type KindCaps = Partial<Record<ItemKind, number>>;

/** What one agent's entry under `agents` may set. */
export interface AgentConfig {
  /** This agent's cap in bytes. */
  cap?: number;
  /** The kinds this agent's cap charges (replaces the top-level `charge` for it). */
  charge?: ItemKind[];
  /** This agent's caps per kind in bytes (each replaces the top-level `caps` value of its kind). */
  caps?: KindCaps;
}

export interface AgentContextConfig {
  /** Top-level cap in bytes: the default agent's cap when `agents[<its id>].cap` is absent. */
  cap?: number;
  /**
   * The kinds every agent's cap charges, unless `agents[<id>].charge` names its own. Absent: what the
   * release that introduced the key charged (`memory`, `import`, `rule`), so upgrading never charges text a
   * team did not add; `init` writes the full list, `init --adopt-kinds` extends it (src/budget/kinds.ts).
   */
  charge?: ItemKind[];
  /** The default agent's caps per kind in bytes (like `cap`, bytes are per agent: each writes entries its own way). */
  caps?: KindCaps;
  /** Per agent id: its cap, charged kinds and caps per kind, e.g. `{"<agent id>": {"cap": 32768}}`. */
  agents?: Record<string, AgentConfig>;
  /** Router shard globs, relative to the root. Default `.agent-context/routers/*.md`. */
  routers?: string[];
  /** Rules declared un-lowerable: always-on, charged by cap, never silently dropped by route. */
  unlowerable?: string[];
  /** Hook limits. */
  hook?: { maxRows?: number; maxBytes?: number; oncePerSession?: boolean };
  [key: string]: unknown;
}

export interface LoadedConfig {
  /** Absolute path of the config file, or null when there is none. */
  file: string | null;
  config: AgentContextConfig;
}

/**
 * What JSON.parse would silently accept and a configuration must not: a key given twice in one object (the
 * last would win), and a number that does not survive as written (`1e400` is Infinity,
 * `12345678901234567890` loses digits). Returns one message naming the key path, or null. Uses
 * jsonc-parser's scanner (strict JSON: no comments, no trailing commas).
 */
function strictJsonProblem(text: string): string | null {
  const keys: Set<string>[] = [];
  let problem: string | null = null;
  const name = (path: readonly (string | number)[]) =>
    path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
  visit(
    text,
    {
      onObjectBegin: () => {
        keys.push(new Set());
      },
      onObjectEnd: () => {
        keys.pop();
      },
      onObjectProperty: (property, _offset, _length, _line, _col, pathSupplier) => {
        const own = keys[keys.length - 1];
        if (own?.has(property) && problem === null) {
          problem = `"${name([...pathSupplier(), property])}" is given twice (JSON would silently keep the last); keep one`;
        }
        own?.add(property);
      },
      onLiteralValue: (value, offset, length, _line, _col, pathSupplier) => {
        if (typeof value !== "number" || problem !== null) return;
        if (Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return;
        problem = `"${name(pathSupplier())}" is ${text.slice(offset, offset + length)}, a number too large to hold exactly; use a whole number below 2^53`;
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return problem;
}

/** The message naming the kinds a `charge` list or a `caps` key may hold. */
function kindsHint(): string {
  return `one of ${CHARGEABLE_KINDS.join(", ")}`;
}

/** Checks a `charge` list: an array of chargeable kinds (`local` is personal memory and never charged). */
function checkKinds(file: string, v: unknown, where: string): void {
  if (v === undefined) return;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
    throw new UsageError(
      `${file}: ${where} must be an array of kinds like ["memory", "import", "rule", "skill"]`,
    );
  }
  for (const k of v as string[]) {
    if (!(CHARGEABLE_KINDS as readonly string[]).includes(k)) {
      const local = k === "local" ? " (personal memory is never charged)" : "";
      throw new UsageError(
        `${file}: ${where} names ${JSON.stringify(k)}${local}; each kind must be ${kindsHint()}`,
      );
    }
  }
}

/** Checks a `caps` object: chargeable kinds to non-negative whole numbers of bytes. */
function checkKindCaps(
  file: string,
  v: unknown,
  where: string,
  checkCap: (v: unknown, where: string) => void,
): void {
  if (v === undefined) return;
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new UsageError(`${file}: ${where} must be an object of caps per kind, like {"skill": 4000}`);
  }
  for (const [k, n] of Object.entries(v)) {
    if (!(CHARGEABLE_KINDS as readonly string[]).includes(k)) {
      throw new UsageError(`${file}: ${where} names ${JSON.stringify(k)}; each key must be ${kindsHint()}`);
    }
    checkCap(n, `${where.slice(0, -1)}.${k}"`);
  }
}

/** True for a configured path that could leave the repository (absolute, or climbing with `..`). */
function leavesRepository(p: string): boolean {
  const posix = p.replaceAll("\\", "/");
  return isAbsolute(p) || /^[a-zA-Z]:/.test(p) || posix.split("/").includes("..");
}

/**
 * Parses config text. Throws {@link UsageError} naming `file` when the JSON is malformed or nested deeper
 * than {@link MAX_JSON_NESTING} levels, a key is given
 * twice, a number does not fit, a known key has the wrong type, or a `routers` / `unlowerable` entry is a
 * path that leaves the repository (absolute or with a `..` segment: a cloned repository must not make the
 * hook read files outside it).
 */
export function parseConfig(text: string, file: string): AgentContextConfig {
  let raw: unknown;
  const body = text.replace(/^\uFEFF/, "");
  if (nestsDeeperThan(body, MAX_JSON_NESTING))
    throw new UsageError(
      `${file}: nested deeper than ${MAX_JSON_NESTING} levels, which no configuration needs; not read — fix or delete it`,
    );
  try {
    raw = JSON.parse(body);
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message}); fix or delete it`);
  }
  const strict = strictJsonProblem(body);
  if (strict) throw new UsageError(`${file}: ${strict}`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new UsageError(`${file}: must hold a JSON object like {"cap": 4096}`);
  }
  const c = raw as AgentContextConfig;
  const checkCap = (v: unknown, where: string) => {
    if (v === undefined) return;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      throw new UsageError(
        `${file}: ${where} must be a non-negative whole number of bytes, got ${JSON.stringify(v)}`,
      );
    }
  };
  checkCap(c.cap, '"cap"');
  if (c.agents !== undefined) {
    if (!c.agents || typeof c.agents !== "object" || Array.isArray(c.agents)) {
      throw new UsageError(
        `${file}: "agents" must be an object of agent ids, like {"<agent id>": {"cap": 32768}}`,
      );
    }
    for (const [k, v] of Object.entries(c.agents)) {
      if (!v || typeof v !== "object") throw new UsageError(`${file}: "agents.${k}" must be an object`);
      checkCap((v as { cap?: unknown }).cap, `"agents.${k}.cap"`);
      checkKinds(file, (v as { charge?: unknown }).charge, `"agents.${k}.charge"`);
      checkKindCaps(file, (v as { caps?: unknown }).caps, `"agents.${k}.caps"`, checkCap);
    }
  }
  checkKinds(file, c.charge, '"charge"');
  checkKindCaps(file, c.caps, '"caps"', checkCap);
  if (c.hook !== undefined) {
    if (!c.hook || typeof c.hook !== "object" || Array.isArray(c.hook)) {
      throw new UsageError(
        `${file}: "hook" must be an object like {"maxRows": 40, "maxBytes": 8192, "oncePerSession": true}, got ${JSON.stringify(c.hook)}`,
      );
    }
    const h = c.hook as Record<string, unknown>;
    for (const k of ["maxRows", "maxBytes"] as const) {
      const v = h[k];
      if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v <= 0)) {
        throw new UsageError(
          `${file}: "hook.${k}" must be a positive whole number, got ${JSON.stringify(v)}`,
        );
      }
    }
    if (h.oncePerSession !== undefined && typeof h.oncePerSession !== "boolean") {
      throw new UsageError(
        `${file}: "hook.oncePerSession" must be true or false, got ${JSON.stringify(h.oncePerSession)}`,
      );
    }
  }
  if (c.$schema !== undefined && typeof c.$schema !== "string") {
    throw new UsageError(`${file}: "$schema" must be a string, got ${JSON.stringify(c.$schema)}`);
  }
  for (const key of ["routers", "unlowerable"] as const) {
    const v = c[key];
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== "string"))) {
      throw new UsageError(`${file}: "${key}" must be an array of strings`);
    }
    const out = (v ?? []).find(leavesRepository);
    if (out !== undefined) {
      throw new UsageError(
        `${file}: "${key}" entry ${JSON.stringify(out)} leaves the repository; give a path relative to the repository root without ".."`,
      );
    }
  }
  return c;
}

/** The top-level keys `.agent-context.json` understands (`$schema` is accepted for editors). */
export const CONFIG_KEYS = [
  "cap",
  "charge",
  "caps",
  "agents",
  "routers",
  "unlowerable",
  "hook",
  "$schema",
] as const;

/** Edit distance with adjacent transpositions counted as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const m: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => m[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, at(i - 2, j - 2) + 1);
      (m[i] as number[])[j] = v;
    }
  }
  return at(a.length, b.length);
}

/**
 * One warning line per top-level key of `config` that agent-context does not know (a typo such as
 * `"cpa"` would otherwise be ignored silently), naming `file`, the key and the nearest known key.
 */
export function unknownKeyWarnings(config: AgentContextConfig, file: string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(config)) {
    if ((CONFIG_KEYS as readonly string[]).includes(key)) continue;
    const near = CONFIG_KEYS.filter((k) => k !== "$schema")
      .map((k) => ({ k, d: editDistance(key.toLowerCase(), k) }))
      .sort((x, y) => x.d - y.d)[0];
    const hint =
      near && near.d <= Math.max(1, Math.floor(near.k.length / 2)) ? ` (did you mean "${near.k}"?)` : "";
    out.push(
      `warning: ${file}: unknown key "${key}" is ignored${hint}; known keys: ${CONFIG_KEYS.filter((k) => k !== "$schema").join(", ")}`,
    );
  }
  return out;
}

const warnedFiles = new Set<string>();

/**
 * Loads `.agent-context.json` from `root`. Missing file → empty config. Throws {@link UsageError}.
 * Unknown top-level keys are kept and warned about on stderr, once per file per process (see
 * {@link unknownKeyWarnings}).
 */
export function loadConfig(root: string): LoadedConfig {
  const file = joinPath(root, CONFIG_FILE);
  const r = readTextFile(file);
  if (!r.ok) {
    if (r.reason === "missing") return { file: null, config: {} };
    throw new UsageError(`${describeReadFailure(r)} (it must be a JSON file like {"cap": 4096})`);
  }
  const config = parseConfig(r.text, file);
  if (!warnedFiles.has(file)) {
    warnedFiles.add(file);
    for (const w of unknownKeyWarnings(config, file)) process.stderr.write(`${w}\n`);
  }
  return { file, config };
}
