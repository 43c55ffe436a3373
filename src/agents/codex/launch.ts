/**
 * Codex's launch as the agent interface sees it: the AGENTS.md chain (./chain.ts) as a launch snapshot,
 * with Codex's own verdict (its `project_doc_max_bytes` budget cuts the chain silently, which fails `cap`
 * whatever the cap says).
 * The project root is found as Codex finds it, by its root markers from the working directory upward
 * (`.git` by default), never from DIR; the snapshot's `projectRoot` says which root and why.
 * Two views: the fresh-clone view reads nothing outside the repository (Codex's defaults, no
 * `$CODEX_HOME`); the user view reads `$CODEX_HOME` (`CODEX_HOME`, else `~/.codex`): its config.toml
 * (`project_doc_max_bytes`, `project_doc_fallback_filenames`, `project_root_markers`, project trust and a
 * trusted project's `.codex/config.toml`) and its global AGENTS file, each listed in `applied`.
 * Verified on Codex 0.171.0 (docs/findings-codex.md).
 */
import { dirname, join, relative, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { displayPath, toPosix } from "../../fs/paths.js";
import { statSafe } from "../../fs/read.js";
import { lazyToml } from "../../markdown/lazy.js";
import { byteColumnToUtf16 } from "../../markdown/position.js";
import type {
  AppliedSource,
  BudgetCut,
  Finding,
  LaunchOptions,
  LintRuleMeta,
  Snapshot,
  UserEnvironment,
} from "../../model/index.js";
import { checkRelease } from "../release.js";
import { type CodexChainResult, codexChain, truncatedBytes } from "./chain.js";
import { CODEX_ID, CODEX_NAME, CODEX_RELEASES } from "./release.js";
import { codexSources } from "./sources.js";

/** The lines explaining a truncation: where the cut lands, what is lost, the chain, the fix. */
function truncationDetail(r: CodexChainResult): string[] {
  const t = r.truncated;
  if (!t) return [];
  const rel = relative(r.root, r.cwd).split("\\").join("/");
  const budget = r.budget.maxBytes;
  return [
    `Codex truncates its AGENTS.md chain ${
      rel === "" ? "for a launch at the root" : `for a launch in ${rel}/`
    } — ${t.totalLostBytes} bytes never arrive (project_doc_max_bytes ${budget}).`,
    `  cut at ${t.file}:${t.line} (byte ${t.column} of the line); first words lost: "${t.firstLostWords}"`,
    "  lost:",
    ...t.lostBytes.map((l) => `    ${String(l.bytes).padStart(6)}  ${l.file}`),
    "  chain, root first (bytes delivered / on disk):",
    ...r.items
      .filter((i) => i.charged || truncatedBytes(i) > 0)
      .map((i) => `    ${String(i.bytes).padStart(6)} / ${String(i.fileBytes).padEnd(6)}  ${i.path}`),
    `Codex cuts silently, root first, so the most specific file is the one clipped. This fails whatever the cap: bring the chain under ${budget} bytes (shorten the files above, or move detail into files AGENTS.md names for Codex to read on demand).`,
  ];
}

/** The truncation as a finding where the cut lands (the line is the last of the delivered text). */
function truncationFinding(r: CodexChainResult): Finding | undefined {
  const t = r.truncated;
  if (!t) return undefined;
  const delivered = r.texts.get(t.file) ?? "";
  const line = delivered.split(/\r?\n/)[t.line - 1] ?? "";
  const cwd = relative(r.root, r.cwd) || ".";
  return {
    ruleId: CODEX_TRUNCATED_RULE.id,
    severity: "error",
    file: t.file,
    line: t.line,
    column: byteColumnToUtf16(line, t.column),
    message: `Codex (launch in ${cwd}) cuts its AGENTS.md chain here: ${t.lostBytes.map((l) => `${l.bytes} bytes of ${l.file}`).join(", ")} never arrive, starting with "${t.firstLostWords}"`,
    help: `shorten the chain by ${t.totalLostBytes} bytes; a truncated chain fails whatever the cap`,
  };
}

/** The rule id of a truncation found by `cap` (stable: CI suppressions key on it). */
export const CODEX_TRUNCATED_RULE: LintRuleMeta = {
  id: "cap-codex-truncated",
  description: "Codex's budget cuts the AGENTS.md chain",
  defaultSeverity: "error",
};

/** The user environment of a user-view launch; throws {@link UsageError} when it is missing. */
function requireUser(opts: LaunchOptions): UserEnvironment {
  if (!opts.user) throw new UsageError("the user view needs the user's environment (LaunchOptions.user)");
  return opts.user;
}

/**
 * `$CODEX_HOME` as Codex 0.171.0 finds it: the `CODEX_HOME` variable when set and not empty (relative to
 * the process directory), else `~/.codex`. Absolute.
 */
export function codexHomeOf(user: UserEnvironment): string {
  const v = user.env.CODEX_HOME;
  return v ? resolve(v) : join(user.home, ".codex");
}

/** What the user view applied beyond the repository, in the order Codex reads it. */
function appliedSources(r: CodexChainResult, codexHome: string): AppliedSource[] {
  const out: AppliedSource[] = [];
  const layers = [...(r.userConfig ? [r.userConfig] : []), ...r.projectConfigs];
  const last = <K extends "maxBytes" | "fallbackNames" | "rootMarkers">(k: K) =>
    [...layers].reverse().find((l) => l[k] !== undefined);
  for (const layer of layers) {
    const from = toPosix(layer.file);
    if (layer.maxBytes !== undefined)
      out.push({
        kind: "setting",
        name: "project_doc_max_bytes",
        value: String(layer.maxBytes),
        from,
        effect:
          last("maxBytes") === layer
            ? layer.maxBytes === 0
              ? "disables the project AGENTS.md chain"
              : `budget of the AGENTS.md chain: ${layer.maxBytes} bytes`
            : "overridden by a later layer",
      });
    if (layer.fallbackNames !== undefined)
      out.push({
        kind: "setting",
        name: "project_doc_fallback_filenames",
        value: JSON.stringify(layer.fallbackNames),
        from,
        effect:
          last("fallbackNames") === layer
            ? "file names tried after AGENTS.md in each directory"
            : "overridden by a later layer",
      });
    if (layer.rootMarkers !== undefined)
      out.push({
        kind: "setting",
        name: "project_root_markers",
        value: JSON.stringify(layer.rootMarkers),
        from,
        effect: r.projectRoot
          ? `project root: ${toPosix(r.projectRoot)}`
          : "no project root: only the working directory's AGENTS file",
      });
  }
  if (r.trust) {
    const trusted = r.trust.level === "trusted";
    out.push({
      kind: "approval",
      name: `projects."${r.trust.key}".trust_level`,
      value: r.trust.level,
      from: toPosix(join(codexHome, "config.toml")),
      effect: trusted
        ? r.projectConfigs.length > 0
          ? `trusted: the project's .codex/config.toml applies (${r.projectConfigs.length} file${r.projectConfigs.length === 1 ? "" : "s"})`
          : "trusted: the project's .codex/config.toml would apply (none found)"
        : r.trust.level === "untrusted"
          ? "untrusted: Codex loads none of the project's AGENTS files"
          : "no effect on the AGENTS.md chain",
    });
  }
  if (r.globalFile) {
    const item = r.items.find((i) => i.path === toPosix(r.globalFile as string));
    out.push({
      kind: "file",
      name: toPosix(r.globalFile),
      effect: item
        ? `global AGENTS file: ${item.bytes} bytes, trimmed, not counted by project_doc_max_bytes`
        : "global AGENTS file: empty after trimming, adds nothing",
    });
  }
  return out;
}

/** The profile `--profile NAME` (or `--profile=NAME`) names among Codex's arguments, the last one winning. */
export function codexProfileArg(args: readonly string[]): string | undefined {
  let profile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--profile" && i + 1 < args.length) profile = args[++i];
    else if (a.startsWith("--profile=")) profile = a.slice("--profile=".length);
  }
  return profile;
}

/**
 * The chain's keys among Codex's `-c key=value` / `--config key=value` arguments (the value is TOML; the
 * last one wins): they override every config file (docs/findings-codex.md, "-c").
 */
export function codexConfigArgs(args: readonly string[]): {
  maxBytes?: number;
  fallbackNames?: string[];
  rootMarkers?: string[];
} {
  const out: { maxBytes?: number; fallbackNames?: string[]; rootMarkers?: string[] } = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    let kv: string | undefined;
    if ((a === "-c" || a === "--config") && i + 1 < args.length) kv = args[++i];
    else if (a.startsWith("--config=")) kv = a.slice("--config=".length);
    const eq = kv?.indexOf("=") ?? -1;
    if (kv === undefined || eq < 0) continue;
    const key = kv.slice(0, eq).trim();
    let value: unknown;
    try {
      value = (lazyToml().parse(`v = ${kv.slice(eq + 1)}`) as { v: unknown }).v;
    } catch {
      continue;
    }
    const strings = Array.isArray(value) && value.every((x) => typeof x === "string");
    if (key === "project_doc_max_bytes" && typeof value === "number") out.maxBytes = value;
    else if (key === "project_doc_fallback_filenames" && strings) out.fallbackNames = value as string[];
    else if (key === "project_root_markers" && strings) out.rootMarkers = value as string[];
  }
  return out;
}

/**
 * The AgentModel's `launch`: the chain of {@link codexChain} as a snapshot, with Codex's own verdict (a
 * truncated chain fails whatever the cap) and, in the user view, what `$CODEX_HOME` applied.
 * @throws UsageError for a release the model was not verified on, a missing user environment in the
 *   user view, and what {@link codexChain} throws
 */
export function codexLaunch(opts: LaunchOptions): Snapshot {
  checkRelease({ id: CODEX_ID, name: CODEX_NAME, releases: CODEX_RELEASES }, opts.release);
  const view = opts.view ?? "fresh-clone";
  // The fresh-clone view never looks at the home directory: no $CODEX_HOME, Codex's defaults.
  const codexHome = view === "user" ? codexHomeOf(requireUser(opts)) : undefined;
  // Codex 0.171.0 refuses to start when CODEX_HOME names no directory; the chain is then what it would
  // load once the directory exists (none of its files), and a finding says so.
  const homeMissing =
    codexHome !== undefined && !!opts.user?.env.CODEX_HOME && !statSafe(codexHome)?.isDirectory();
  // `--profile NAME` (an agent argument) picks `$CODEX_HOME/NAME.config.toml`: the user view only.
  const profile = view === "user" ? codexProfileArg(opts.agentArgs ?? []) : undefined;
  // `-c key=value` (agent arguments): the user view only, like the profile.
  const overrides = view === "user" ? codexConfigArgs(opts.agentArgs ?? []) : {};
  const r = codexChain({
    ...overrides,
    root: opts.root,
    cwd: opts.cwd ?? opts.root,
    nothingAboveRoot: view === "fresh-clone",
    ...(codexHome !== undefined && !homeMissing ? { codexHome } : {}),
    ...(profile !== undefined ? { profile } : {}),
  });
  if (homeMissing)
    r.findings.unshift({
      ruleId: "codex-config",
      severity: "warning",
      file: toPosix(codexHome),
      message: `CODEX_HOME points to ${toPosix(codexHome)}, which is not a directory: Codex refuses to start`,
      help: "create the directory or unset CODEX_HOME (Codex then uses ~/.codex)",
    });
  // Skills and agent roles (./sources.ts): after the AGENTS.md chain.
  const sources = codexSources({
    root: r.root,
    cwd: r.cwd,
    projectRoot: r.projectRoot,
    show: (abs) => displayPath(abs, r.root),
    ...(codexHome !== undefined && opts.user
      ? {
          user: {
            codexHome,
            home: opts.user.home,
            trustedFrom: r.trust?.level === "trusted" ? r.trust.key : null,
          },
        }
      : {}),
  });
  return {
    agent: { id: CODEX_ID, name: CODEX_NAME, version: r.agentVersion },
    view,
    root: r.root,
    cwd: r.cwd,
    items: [...r.items, ...sources.items],
    texts: new Map([...r.texts, ...sources.texts]),
    imports: [],
    rules: [],
    memory: r.items.map((i) => {
      const absPath = resolve(r.root, i.path);
      return { path: i.path, absPath, dir: dirname(absPath), kind: "memory" as const };
    }),
    findings: [...r.findings, ...sources.findings],
    ...(sources.overhead.length > 0 ? { overhead: sources.overhead } : {}),
    projectRoot: { path: r.projectRoot, why: r.projectRootWhy },
    ...(codexHome !== undefined ? { applied: appliedSources(r, codexHome) } : {}),
    verdict: {
      failure: r.truncated ? "Codex truncates the chain" : null,
      ...(r.truncated ? { finding: truncationFinding(r) as Finding } : {}),
      noun: "truncation",
      tally: "truncated by Codex",
      detail: truncationDetail(r),
      json: { truncated: r.truncated },
    },
  };
}

/**
 * The `budgetCut` capability: where `project_doc_max_bytes` cuts the chain of a launch in `cwd`, taking
 * `root` as the project root when no root marker is found (a copy without its `.git`); null when the chain
 * arrives whole. Throws what {@link codexChain} throws.
 */
export function codexBudgetCut(root: string, cwd: string): BudgetCut | null {
  const chain = codexChain({ root, cwd, assumeRootIsProject: true });
  const t = chain.truncated;
  if (!t) return null;
  return {
    file: t.file,
    line: t.line,
    column: t.column,
    lostBytes: t.lostBytes,
    totalLostBytes: t.totalLostBytes,
    firstLostWords: t.firstLostWords,
    budget: { maxBytes: chain.budget.maxBytes, source: chain.budget.source },
    charged: chain.items.filter((i) => i.charged).map((i) => i.path),
  };
}
