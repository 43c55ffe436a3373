/**
 * `.agent-context.json` at the repository root: the caps (per agent), router shard locations, declared
 * un-lowerable rules and hook limits. Parsed strictly: a malformed file is a configuration error (exit 2)
 * that names the file; it never silently falls back to defaults.
 */
import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { findNodeAtLocation, type Node, type ParseError, parseTree, visit } from "jsonc-parser";
import validateGenerated, { schema as SCHEMA } from "./config/validate.js";
import { warnedFiles } from "./config/warned.js";
import { UsageError } from "./errors.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "./fs/nesting.js";
import { joinPath } from "./fs/paths.js";
import { describeReadFailure, readTextFile } from "./fs/read.js";
import { CHARGEABLE_KINDS, type ItemKind } from "./model/item.js";

/** One error of the generated validator (Ajv's shape). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}
/**
 * agent-context.schema.json (generated from src/config/schema.ts), compiled ahead of time by
 * scripts/config-schema.mjs (src/config/validate.ts).
 */
const validateSchema = validateGenerated as ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

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
  /** This agent's token cap (a second check beside the bytes; counted by the agent's method, docs/tokens.md). */
  tokenCap?: number;
  /** The kinds this agent's cap charges (replaces the top-level `charge` for it). */
  charge?: ItemKind[];
  /** This agent's caps per kind in bytes (each replaces the top-level `caps` value of its kind). */
  caps?: KindCaps;
  /**
   * The agent CLI release the fresh-clone view (CI, `cap` without `--user`) models, e.g. `"2.1.300"`: one
   * the model was verified on or models from release ranges. `init` records the installed one. Absent: the
   * newest verified release. The user view models the installed CLI's release instead.
   */
  release?: string;
}

/** A lint rule's severity as the configuration names it (`warn` is a finding's `warning`). */
export type LintSeveritySetting = "off" | "info" | "warn" | "error";
export const LINT_SEVERITY_SETTINGS: readonly LintSeveritySetting[] = ["off", "info", "warn", "error"];

/** One entry of `lint.rules`: a severity, or a severity and the agents whose findings the rule reports. */
export type LintRuleSetting = LintSeveritySetting | { severity?: LintSeveritySetting; agents?: string[] };

export interface AgentContextConfig {
  /** Top-level cap in bytes: the default agent's cap when `agents[<its id>].cap` is absent. */
  cap?: number;
  /**
   * Top-level token cap: the default agent's when `agents[<its id>].tokenCap` is absent (docs/tokens.md). A
   * key of its own beside `cap`, not `cap.tokens`: `cap` stays the ratchet's number of bytes
   * (docs/configuration.md, "Why tokenCap and not cap.tokens").
   */
  tokenCap?: number;
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
  /** How lint reports: per rule id, a severity (`off` drops the rule) or `{severity, agents}`. */
  lint?: { rules?: Record<string, LintRuleSetting> };
  [key: string]: unknown;
}

export interface LoadedConfig {
  /** Absolute path of the config file, or null when there is none. */
  file: string | null;
  config: AgentContextConfig;
}

/** 1-based line and column of `offset` in `text`. */
function lineCol(text: string, offset: number): string {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return `${line}:${offset - last}`;
}

type JsonPath = (string | number)[];

/** `"agents.codex.cap"`: a key path as messages name it. */
function dotted(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/**
 * What JSON.parse would silently accept and a configuration must not: a key given twice in one object (the
 * last would win), and a number that does not survive as written (`1e400` is Infinity,
 * `12345678901234567890` loses digits). Returns one message naming the key path and its offset, or null.
 * Uses jsonc-parser's scanner (strict JSON: no comments, no trailing commas).
 */
function strictJsonProblem(text: string): { message: string; offset: number } | null {
  // jsonc-parser recurses per level: a text nested past the bound is left to the callers' nesting check.
  if (nestsDeeperThan(text, MAX_JSON_NESTING)) return null;
  const keys: Set<string>[] = [];
  let problem: { message: string; offset: number } | null = null;
  visit(
    text,
    {
      onObjectBegin: () => {
        keys.push(new Set());
      },
      onObjectEnd: () => {
        keys.pop();
      },
      onObjectProperty: (property, offset, _length, _line, _col, pathSupplier) => {
        const own = keys[keys.length - 1];
        if (own?.has(property) && problem === null) {
          problem = {
            message: `"${dotted([...pathSupplier(), property])}" is given twice (JSON would silently keep the last); keep one`,
            offset,
          };
        }
        own?.add(property);
      },
      onLiteralValue: (value, offset, length, _line, _col, pathSupplier) => {
        if (typeof value !== "number" || problem !== null) return;
        if (Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return;
        problem = {
          message: `"${dotted(pathSupplier())}" is ${text.slice(offset, offset + length)}, a number too large to hold exactly; use a whole number below 2^53`,
          offset,
        };
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

/** True for a configured path that could leave the repository (absolute, or climbing with `..`). */
function leavesRepository(p: string): boolean {
  const posix = p.replaceAll("\\", "/");
  return isAbsolute(p) || /^[a-zA-Z]:/.test(p) || posix.split("/").includes("..");
}

/** The parsed text of one configuration file, able to say where a key path is (`file:line:col`). */
class Located {
  readonly tree: Node | undefined;
  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    // A text nested past the bound gets no positions (jsonc-parser recurses per level).
    this.tree = nestsDeeperThan(text, MAX_JSON_NESTING)
      ? undefined
      : parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  }
  /** `file:line:col` of the value at `path` (of its key when `key`), else of the nearest enclosing value. */
  at(path: JsonPath, key = false): string {
    for (let n = path.length; n >= 0 && this.tree; n--) {
      const node = findNodeAtLocation(this.tree, path.slice(0, n));
      if (!node) continue;
      const keyNode = key && n === path.length ? node.parent?.children?.[0] : undefined;
      return `${this.file}:${lineCol(this.text, (keyNode ?? node).offset)}`;
    }
    return this.file;
  }
}

/**
 * The type checks of every key, each problem one message located at its value. They say what the schema
 * (agent-context.schema.json) says, in words a user acts on; test/unit/config-schema.test.ts holds the two
 * equal on a table of configurations.
 */
function typeProblems(c: Record<string, unknown>, loc: Located): string[] {
  const out: string[] = [];
  const fail = (path: JsonPath, message: string) => out.push(`${loc.at(path)}: ${message}`);
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  const checkCap = (v: unknown, path: JsonPath) => {
    if (v === undefined) return;
    // The shape issue 27 wrote (`cap.tokens`): the cap stays a number of bytes (the ratchet's); the token
    // cap is its own key beside it (docs/configuration.md says why), and the message writes it out.
    if (path.at(-1) === "cap" && isObject(v) && ("tokens" in v || "bytes" in v)) {
      const at = path.slice(0, -1);
      const key = (k: string) => JSON.stringify(dotted([...at, k]));
      const bytes = Number.isInteger(v.bytes) ? (v.bytes as number) : "<bytes>";
      const tokens = Number.isInteger(v.tokens) ? (v.tokens as number) : "<tokens>";
      fail(
        path,
        `${key("cap")} is a number of bytes (the ratchet's unit), not an object; a token cap is ${key("tokenCap")} beside it: "cap": ${bytes}, "tokenCap": ${tokens}`,
      );
      return;
    }
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
      fail(
        path,
        `"${dotted(path)}" must be a non-negative whole number of ${path.at(-1) === "tokenCap" ? "tokens" : "bytes"}, got ${JSON.stringify(v)}`,
      );
  };
  const checkKinds = (v: unknown, path: JsonPath) => {
    if (v === undefined) return;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
      fail(path, `"${dotted(path)}" must be an array of kinds like ["memory", "import", "rule", "skill"]`);
      return;
    }
    for (const [i, k] of (v as string[]).entries()) {
      if (!(CHARGEABLE_KINDS as readonly string[]).includes(k)) {
        const local = k === "local" ? " (personal memory is never charged)" : "";
        const near = nearest(k, CHARGEABLE_KINDS);
        fail(
          [...path, i],
          `"${dotted(path)}" names ${JSON.stringify(k)}${local}${near ? ` (did you mean "${near}"?)` : ""}; each kind must be ${kindsHint()}`,
        );
      }
    }
  };
  const checkKindCaps = (v: unknown, path: JsonPath) => {
    if (v === undefined) return;
    if (!isObject(v)) {
      fail(path, `"${dotted(path)}" must be an object of caps per kind, like {"skill": 4000}`);
      return;
    }
    for (const [k, n] of Object.entries(v)) {
      if (!(CHARGEABLE_KINDS as readonly string[]).includes(k)) {
        const near = nearest(k, CHARGEABLE_KINDS);
        out.push(
          `${loc.at([...path, k], true)}: "${dotted(path)}" names ${JSON.stringify(k)}${near ? ` (did you mean "${near}"?)` : ""}; each key must be ${kindsHint()}`,
        );
      } else checkCap(n, [...path, k]);
    }
  };
  checkCap(c.cap, ["cap"]);
  checkCap(c.tokenCap, ["tokenCap"]);
  if (c.agents !== undefined) {
    if (!isObject(c.agents)) {
      fail(["agents"], `"agents" must be an object of agent ids, like {"<agent id>": {"cap": 32768}}`);
    } else {
      for (const [k, v] of Object.entries(c.agents)) {
        if (!isObject(v)) {
          fail(["agents", k], `"agents.${k}" must be an object like {"cap": 32768}`);
          continue;
        }
        checkCap(v.cap, ["agents", k, "cap"]);
        checkCap(v.tokenCap, ["agents", k, "tokenCap"]);
        checkKinds(v.charge, ["agents", k, "charge"]);
        checkKindCaps(v.caps, ["agents", k, "caps"]);
        if (v.release !== undefined && (typeof v.release !== "string" || !/^\d+\.\d+\.\d+$/.test(v.release)))
          fail(
            ["agents", k, "release"],
            `"agents.${k}.release" must be a release like "2.1.332", got ${JSON.stringify(v.release)}`,
          );
      }
    }
  }
  checkKinds(c.charge, ["charge"]);
  checkKindCaps(c.caps, ["caps"]);
  if (c.hook !== undefined) {
    if (!isObject(c.hook)) {
      fail(
        ["hook"],
        `"hook" must be an object like {"maxRows": 40, "maxBytes": 8192, "oncePerSession": true}, got ${JSON.stringify(c.hook)}`,
      );
    } else {
      for (const k of ["maxRows", "maxBytes"] as const) {
        const v = c.hook[k];
        if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v <= 0))
          fail(["hook", k], `"hook.${k}" must be a positive whole number, got ${JSON.stringify(v)}`);
      }
      const once = c.hook.oncePerSession;
      if (once !== undefined && typeof once !== "boolean")
        fail(
          ["hook", "oncePerSession"],
          `"hook.oncePerSession" must be true or false, got ${JSON.stringify(once)}`,
        );
    }
  }
  if (c.lint !== undefined) lintProblems(c.lint, fail, loc, out);
  if (c.$schema !== undefined && typeof c.$schema !== "string")
    fail(["$schema"], `"$schema" must be a string, got ${JSON.stringify(c.$schema)}`);
  for (const key of ["routers", "unlowerable"] as const) {
    const v = c[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
      fail([key], `"${key}" must be an array of strings`);
      continue;
    }
    for (const [i, p] of (v as string[]).entries()) {
      if (leavesRepository(p))
        fail(
          [key, i],
          `"${key}" entry ${JSON.stringify(p)} leaves the repository; give a path relative to the repository root without ".."`,
        );
    }
  }
  return out;
}

/**
 * The problems of `lint`: not an object, a rule id no rule has (named with the nearest id, when the lint
 * rules are loaded: {@link setConfigLintRuleIds}), a severity not one of off/info/warn/error, an unknown key
 * in a rule's object, an `agents` list that is not a list of registered agent ids.
 */
function lintProblems(
  lint: unknown,
  fail: (path: JsonPath, message: string) => void,
  loc: Located,
  out: string[],
): void {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  const example = `{"rules": {"memory-read-by-one-agent": "off", "rule-unscoped": {"severity": "error", "agents": ["claude-code"]}}}`;
  if (!isObject(lint)) {
    fail(["lint"], `"lint" must be an object like ${example}`);
    return;
  }
  const rules = lint.rules;
  if (rules === undefined) return;
  if (!isObject(rules)) {
    fail(["lint", "rules"], `"lint.rules" must be an object of rule ids, like ${example.slice(10, -1)}`);
    return;
  }
  const ids = lintRuleIds?.();
  const sevHint = `one of ${LINT_SEVERITY_SETTINGS.map((s) => `"${s}"`).join(", ")}`;
  const checkSeverity = (v: unknown, path: JsonPath) => {
    if (typeof v === "string" && (LINT_SEVERITY_SETTINGS as readonly string[]).includes(v)) return;
    const near = typeof v === "string" ? nearest(v, [...LINT_SEVERITY_SETTINGS, "warning"]) : undefined;
    fail(
      path,
      `"${dotted(path)}" must be ${sevHint}, got ${JSON.stringify(v)}${near ? ` (did you mean "${near === "warning" ? "warn" : near}"?)` : ""}`,
    );
  };
  for (const [id, v] of Object.entries(rules)) {
    const path: JsonPath = ["lint", "rules", id];
    if (ids && !ids.includes(id)) {
      const near = nearest(id, ids);
      out.push(
        `${loc.at(path, true)}: "lint.rules" names ${JSON.stringify(id)}, which is no lint rule${near ? ` (did you mean "${near}"?)` : ""}; the rules: docs/commands/lint.md`,
      );
    }
    if (!isObject(v)) {
      checkSeverity(v, path);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (k === "severity" || k === "agents") continue;
      const near = nearest(k, ["severity", "agents"]);
      out.push(
        `${loc.at([...path, k], true)}: "${dotted(path)}" has the unknown key ${JSON.stringify(k)}${near ? ` (did you mean "${near}"?)` : ""}; a rule's object holds "severity" and "agents"`,
      );
    }
    if (v.severity !== undefined) checkSeverity(v.severity, [...path, "severity"]);
    const agents = v.agents;
    if (agents === undefined) continue;
    if (!Array.isArray(agents) || agents.length === 0 || agents.some((a) => typeof a !== "string")) {
      fail(
        [...path, "agents"],
        `"${dotted([...path, "agents"])}" must be a non-empty array of agent ids, like ["claude-code"]`,
      );
      continue;
    }
    const known = agentIds?.();
    for (const [i, a] of (agents as string[]).entries()) {
      if (!known || known.includes(a)) continue;
      const near = nearest(a, known) ?? known.find((k) => k.startsWith(a.toLowerCase()));
      fail(
        [...path, "agents", i],
        `"${dotted([...path, "agents"])}" names ${JSON.stringify(a)}, which is no agent${near ? ` (did you mean "${near}"?)` : ""}; agents: ${known.join(", ")}`,
      );
    }
  }
}

/** The keys the schema allows at an object path (`null` where any key is allowed: agent ids, kinds). */
function knownKeysAt(path: readonly string[]): string[] | null {
  const defs = (SCHEMA as { definitions: Record<string, SchemaNode> }).definitions;
  const deref = (s: SchemaNode | undefined): SchemaNode | undefined =>
    s?.$ref ? defs[s.$ref.replace("#/definitions/", "")] : s;
  let s: SchemaNode | undefined = SCHEMA as SchemaNode;
  for (const seg of path) {
    s = deref(s);
    s =
      s?.properties?.[seg] ??
      (typeof s?.additionalProperties === "object" ? s.additionalProperties : undefined);
  }
  s = deref(s);
  // A value of several forms (a lint rule: a severity or an object): the keys of its object form.
  s = s?.anyOf?.map(deref).find((b) => b?.properties) ?? s;
  return s?.properties ? Object.keys(s.properties) : null;
}
interface SchemaNode {
  $ref?: string;
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
}

/** The nearest of `known` to `key` when it is close enough to be a typo, else undefined. */
function nearest(key: string, known: readonly string[]): string | undefined {
  const near = known.map((k) => ({ k, d: editDistance(key.toLowerCase(), k) })).sort((x, y) => x.d - y.d)[0];
  return near && near.d <= Math.max(1, Math.floor(near.k.length / 2)) ? near.k : undefined;
}

/** The lint rules' ids, when lint is loaded (src/lint/index.ts sets it; other commands never load it). */
let lintRuleIds: (() => readonly string[]) | null = null;
export function setConfigLintRuleIds(ids: () => readonly string[]): void {
  lintRuleIds = ids;
}

/** The agent ids the registry holds, when it is loaded (src/agents/index.ts sets it; the hook never loads it). */
let agentIds: (() => readonly string[]) | null = null;
export function setConfigAgentIds(ids: () => readonly string[]): void {
  agentIds = ids;
}

/**
 * Warnings for what the configuration holds and agent-context ignores: a key the schema does not know, at
 * any depth (`agents.codex.capp`, `hook.maxrows`), and an `agents` entry no registered agent has
 * (`agents.claude`), each at its `file:line:col` with the nearest known key.
 */
function ignoredKeyWarnings(c: Record<string, unknown>, loc: Located): string[] {
  const out: string[] = [];
  validateSchema(c);
  for (const e of validateSchema.errors ?? []) {
    if (e.keyword !== "additionalProperties") continue;
    const parent = e.instancePath
      .split("/")
      .slice(1)
      .map((p: string) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    const known = (knownKeysAt(parent) ?? []).filter((k) => k !== "$schema");
    const near = nearest(key, known);
    const name = dotted([...parent, key]);
    const where = parent.length === 0 ? "known keys" : `known keys in "${dotted(parent)}"`;
    out.push(
      `warning: ${loc.at([...parent, key], true)}: unknown key "${name}" is ignored${near ? ` (did you mean "${near}"?)` : ""}; ${where}: ${known.join(", ")}`,
    );
  }
  const ids = agentIds?.();
  if (ids && c.agents && typeof c.agents === "object" && !Array.isArray(c.agents)) {
    for (const id of Object.keys(c.agents)) {
      if (ids.includes(id)) continue;
      const near = nearest(id, ids) ?? ids.find((k) => k.startsWith(id.toLowerCase()));
      out.push(
        `warning: ${loc.at(["agents", id], true)}: "agents.${id}" names no agent and is ignored${near ? ` (did you mean "${near}"?)` : ""}; agents: ${ids.join(", ")}`,
      );
    }
  }
  return out;
}

/** A configuration and what its file holds that agent-context ignores (one `warning:` line each). */
export interface CheckedConfig {
  config: AgentContextConfig;
  warnings: string[];
}

/**
 * Checks config text against the schema (agent-context.schema.json). Throws {@link UsageError} naming
 * `file:line:col` for each problem (one line each) when the JSON is malformed, a key is given twice, a
 * number does not fit, a known key has the wrong type, or a `routers` / `unlowerable` entry is a path that
 * leaves the repository (absolute or with a `..` segment: a cloned repository must not make the hook read
 * files outside it). Unknown keys at any depth are warnings.
 */
export function checkConfig(text: string, file: string): CheckedConfig {
  let raw: unknown;
  const body = text.replace(/^\uFEFF/, "");
  if (nestsDeeperThan(body, MAX_JSON_NESTING))
    throw new UsageError(
      `${file}: nested deeper than ${MAX_JSON_NESTING} levels, which no configuration needs; not read — fix or delete it`,
    );
  try {
    raw = JSON.parse(body);
  } catch (e) {
    const errors: ParseError[] = [];
    parseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
    const message = (e as Error).message.replace(/ in JSON at position \d+.*$/s, "");
    const offset = errors[0]?.offset ?? Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? -1);
    const where = offset >= 0 ? `${file}:${lineCol(body, offset)}` : file;
    throw new UsageError(`${where}: not valid JSON (${message}); fix it there`);
  }
  const loc = new Located(body, file);
  const strict = strictJsonProblem(body);
  if (strict) throw new UsageError(`${file}:${lineCol(body, strict.offset)}: ${strict.message}`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new UsageError(`${file}: must hold a JSON object like {"cap": 4096}`);
  }
  const c = raw as AgentContextConfig;
  const problems = typeProblems(c, loc);
  if (problems.length === 0 && !validateSchema(c)) {
    // The schema refuses what the checks above let through: they drifted apart (the schema test holds them
    // equal); still refuse, in the schema's words.
    for (const e of validateSchema.errors ?? []) {
      if (e.keyword === "additionalProperties") continue;
      const path = e.instancePath.split("/").slice(1);
      problems.push(`${loc.at(path)}: "${dotted(path)}" ${e.message ?? "is not allowed"}`);
    }
  }
  if (problems.length > 0) throw new UsageError(problems.join("\nagent-context: "));
  return { config: c, warnings: ignoredKeyWarnings(c, loc) };
}

/** Parses config text: {@link checkConfig} without its warnings. */
export function parseConfig(text: string, file: string): AgentContextConfig {
  return checkConfig(text, file).config;
}

/** The top-level keys `.agent-context.json` understands (`$schema` is accepted for editors). */
export const CONFIG_KEYS = [
  "cap",
  "tokenCap",
  "charge",
  "caps",
  "agents",
  "routers",
  "unlowerable",
  "hook",
  "lint",
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
 * The warnings for what `config` holds and agent-context ignores (unknown keys at any depth, agent ids no
 * agent has), naming `file` and, given the file's `text`, each key's line and column.
 */
export function unknownKeyWarnings(
  config: AgentContextConfig,
  file: string,
  text = JSON.stringify(config),
): string[] {
  return ignoredKeyWarnings(config, new Located(text, file));
}

/**
 * Which `routers` globs match no shard, by index: set by the router room (src/router/index-build.ts), which
 * finds shards; config ranks below it and cannot import it (test/unit/architecture.test.ts).
 */
let unmatchedRouters: ((root: string, routers: readonly string[]) => number[]) | null = null;
export function setUnmatchedRouters(find: (root: string, routers: readonly string[]) => number[]): void {
  unmatchedRouters = find;
}

/**
 * Warnings for `routers` globs and `unlowerable` paths that match no file of the repository at `root`
 * (a typo there makes the router find no shard, or a declaration protect nothing), each at its
 * `file:line:col`. Shards are found as the router finds them.
 */
export function unmatchedPathWarnings(
  root: string,
  config: AgentContextConfig,
  file: string,
  text: string,
): string[] {
  const loc = new Located(text.replace(/^\uFEFF/, ""), file);
  const out: string[] = [];
  const routers = config.routers ?? [];
  for (const i of unmatchedRouters?.(root, routers) ?? [])
    out.push(
      `warning: ${loc.at(["routers", i])}: "routers" entry ${JSON.stringify(routers[i])} matches no file; no router shard is read from it`,
    );
  for (const [i, p] of (config.unlowerable ?? []).entries()) {
    if (!existsSync(joinPath(root, p.replace(/^\.\//, ""))))
      out.push(
        `warning: ${loc.at(["unlowerable", i])}: "unlowerable" entry ${JSON.stringify(p)} names no file; give the rule's path relative to the repository root`,
      );
  }
  return out;
}

/**
 * Loads `.agent-context.json` from `root`. Missing file → empty config. Throws {@link UsageError}.
 * What it holds and agent-context ignores (unknown keys, agent ids no agent has) and, unless `paths` is
 * false (the hook), `routers` and `unlowerable` entries that match no file are warned about on stderr,
 * once per file per run (./config/warned.ts).
 */
export function loadConfig(root: string, opts: { paths?: boolean } = {}): LoadedConfig {
  const file = joinPath(root, CONFIG_FILE);
  const r = readTextFile(file);
  if (!r.ok) {
    if (r.reason === "missing") return { file: null, config: {} };
    throw new UsageError(`${describeReadFailure(r)} (it must be a JSON file like {"cap": 4096})`);
  }
  const { config, warnings } = checkConfig(r.text, file);
  if (!warnedFiles.has(file)) {
    warnedFiles.add(file);
    if (opts.paths !== false) warnings.push(...unmatchedPathWarnings(root, config, file, r.text));
    for (const w of warnings) process.stderr.write(`${w}\n`);
  }
  return { file, config };
}
