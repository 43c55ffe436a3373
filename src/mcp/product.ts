/**
 * The one adapter between the editor-side servers (`agent-context mcp`, src/mcp/; `agent-context lsp`,
 * src/lsp/) and the product's pipelines. Every answer here is the JSON the matching command prints with
 * `--json` (the same projections: capToJson, findingToJson, itemToJson, routeJson), computed by the same
 * functions the command files call, so a tool and the command cannot drift. When src/app/ lands (one
 * `run(options) -> Result` per command on a shared Workspace) this is the one file that switches to it.
 *
 * Nothing here writes into the repository, runs its code, or runs an agent CLI: `fix` only proposes
 * (the texts `lint --fix` would write), `report` writes its HTML into a private folder of its own.
 */

import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { agentById, agents, defaultAgent, selectAgents } from "../agents/index.js";
import { currentUserEnvironment } from "../agents/user-environment.js";
import { type CapRun, runCapMatrix } from "../app/cap.js";
import { explainPath, explainJson as explainToJson } from "../app/explain.js";
import { runLint } from "../app/lint.js";
import { runReport } from "../app/report.js";
import { ROUTE_TOOLS, runRoute } from "../app/route.js";
import { addTokens } from "../app/tokens.js";
import { Workspace } from "../app/workspace.js";
import { UsageError } from "../errors.js";
import { writeFilesAtomic } from "../fs/atomic.js";
import { readTextFile, statSafe } from "../fs/read.js";
import { compileClaudeGlobs } from "../globs/claude.js";
import { LintContext, RULES } from "../lint/index.js";
import type { AgentModel, ContextItem, Finding } from "../model/index.js";
import { itemToJson } from "../model/index.js";
import { capToJson } from "../report/cap-json.js";
import { countBySeverity, sortFindings } from "../report/findings.js";
import { reportData } from "../report/html/collect.js";
import { renderReportHtml } from "../report/html/page.js";
import { findingToJson } from "../report/json.js";
import { tokenNumber } from "../report/tokens.js";
import { type RouteJson, routeJson } from "../router/output.js";
import { schemaUrl } from "../version.js";

export type { AgentModel, ContextItem, Finding };
export { agents, defaultAgent, findingToJson, itemToJson, ROUTE_TOOLS };

/**
 * The absolute path `path` names inside `root` (relative paths are taken from the root). Throws
 * {@link UsageError} when it lies outside: a tool never answers about, or reads, a file elsewhere.
 */
export function insideRoot(root: string, path: string): string {
  const abs = resolve(root, path);
  const rel = relative(root, abs);
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw new UsageError(`${path}: lies outside the repository ${root}; give a path inside it`);
  return abs;
}

/** The repository root as a real, existing directory; UsageError otherwise. */
export function checkRoot(root: string): string {
  const st = statSafe(root);
  if (!st?.isDirectory()) throw new UsageError(`${root}: no such directory; give the repository's root`);
  return realpathSync(root);
}

/** An agent id the registry knows, or `all` when allowed; UsageError naming the ids otherwise. */
export function checkAgent(id: string | undefined, all: boolean): string | undefined {
  if (id === undefined || (all && id === "all")) return id;
  agentById(id);
  return id;
}

/**
 * `cap --json` (one object per run; `cap --agent all` prints them as an array). Fresh-clone view, with
 * tokens as `cap --json` counts them by default (src/app/tokens.ts).
 */
export async function capJson(
  root: string,
  o: { agent?: string; cwd?: string } = {},
): Promise<Record<string, unknown>[]> {
  const agent = checkAgent(o.agent, true);
  const cwd = o.cwd === undefined ? undefined : insideRoot(root, o.cwd);
  const runs = runCapMatrix({
    dir: root,
    ...(cwd !== undefined && cwd !== root ? { cwd } : {}),
    ...(agent !== undefined ? { agent } : {}),
  });
  await addTokens(runs, { choice: "auto" });
  // One agent: the object `cap --json` prints, `$schema` first; all: the array's objects.
  return runs.map((r) => capToJson(r, { schema: agent !== "all" }));
}

/** `explain PATH --json` (`--fresh-clone` when `view` is `fresh-clone`; the user view by default, as the CLI). */
export function explainJson(
  root: string,
  o: { path: string; agent?: string; view?: "user" | "fresh-clone" },
): Record<string, unknown> {
  const target = insideRoot(root, o.path);
  const agent = checkAgent(o.agent, false);
  const sets = explainPath({
    root,
    cwd: root,
    target,
    ...(o.view === "fresh-clone" ? {} : { user: currentUserEnvironment() }),
    ...(agent !== undefined ? { agent } : {}),
  });
  return { ...explainToJson(sets) };
}

/** The findings of every lint rule on the repository (never fixes), on `workspace` when given. */
export function lintFindings(root: string, workspace?: Workspace): Finding[] {
  return runLint({ root, ...(workspace ? { workspace } : {}) }).findings;
}

/** `lint --json`: `{root, ok, counts, fixed, diagnostics}` (never fixes: `fixed` is always empty). */
export function lintJson(root: string): Record<string, unknown> {
  const r = runLint({ root });
  const ds = sortFindings(r.findings);
  const counts = countBySeverity(ds);
  return {
    $schema: schemaUrl("lint"),
    root: r.root,
    ok: counts.error === 0,
    counts,
    fixed: [],
    diagnostics: ds.map(findingToJson),
  };
}

/** `route TARGET --json` (a path inside the root, or with tool Bash a command). */
export async function routeJsonFor(root: string, o: { target: string; tool?: string }): Promise<RouteJson> {
  const tool = o.tool ?? "Write";
  const target = tool === "Bash" ? o.target : insideRoot(root, o.target);
  return routeJson(await runRoute({ root, tool, target }));
}

/**
 * `report`: the HTML report written into a fresh private folder of the system's temporary directory
 * (never into the repository), returning its path.
 */
export function reportFile(root: string, o: { agent?: string } = {}): ReportFileJson {
  const agent = checkAgent(o.agent, true);
  const data = reportData(runReport({ root, ...(agent !== undefined ? { agent } : {}) }));
  const dir = mkdtempSync(join(tmpdir(), "agent-context-report-"));
  const path = join(dir, "agent-context-report.html");
  writeFilesAtomic([{ path, data: renderReportHtml(data) }], {
    within: dir,
    withinName: `the folder ${dir}`,
  });
  return { path };
}

/** One agent's answer to "how many bytes may I add here before the cap fails". */
export interface BudgetRow {
  agent: string;
  agentVersion: string;
  cap: number;
  total: number;
  /** Bytes left under the cap at launch (0 when over). */
  headroom: number;
  /** How the agent loads the file asked about: at launch (charged or not), on demand, or not at all. */
  loaded: "launch" | "on-demand" | "not-loaded" | null;
  /** Whether bytes added to the file count against this agent's cap at launch. */
  charged: boolean | null;
  /** Bytes that may be added to the file before this agent's cap fails (null: no limit from the cap). */
  mayAdd: number | null;
  note: string;
}

/** The MCP `budget` tool's answer (its schema: dist/schemas/mcp-budget.schema.json). */
export interface BudgetJson {
  root: string;
  /** The file asked about, relative to the root, or null. */
  path: string | null;
  agents: BudgetRow[];
}

/** The MCP `fix` tool's answer (dist/schemas/mcp-fix.schema.json). */
export interface FixJson {
  root: string;
  proposals: FixProposal[];
}

/** The MCP `report` tool's answer (dist/schemas/mcp-report.schema.json): the HTML report's path. */
export interface ReportFileJson {
  path: string;
}

/**
 * Per agent, the launch (fresh clone, at the root: what `cap` judges in CI) against its cap, and for
 * `path` (inside the root) whether bytes added there count: a charged launch item may grow by the
 * headroom; a file the agent loads only on demand, or never, does not move the cap.
 */
export function budgetJson(root: string, o: { path?: string; agent?: string } = {}): BudgetJson {
  const agent = checkAgent(o.agent, true) ?? "all";
  const target = o.path === undefined ? undefined : insideRoot(root, o.path);
  const rel = target === undefined ? undefined : relative(root, target).split(sep).join("/");
  const runs = runCapMatrix({ dir: root, agent });
  return { root, path: rel ?? null, agents: runs.map((r) => budgetRow(r, rel)) };
}

function budgetRow(run: CapRun, rel: string | undefined): BudgetRow {
  const ev = run.evaluation;
  const headroom = Math.max(0, ev.cap - ev.total);
  const base = { agent: run.agent, agentVersion: run.agentVersion, cap: ev.cap, total: ev.total, headroom };
  if (rel === undefined)
    return {
      ...base,
      loaded: null,
      charged: null,
      mayAdd: headroom,
      note: `${headroom} bytes left under the cap`,
    };
  const item = run.items.find((i) => i.path === rel);
  if (item?.charged)
    return {
      ...base,
      loaded: "launch",
      charged: true,
      mayAdd: headroom,
      note: `loaded at launch and charged: up to ${headroom} more bytes fit here (as the agent sends them); one more and the cap of ${ev.cap} fails`,
    };
  if (item)
    return {
      ...base,
      loaded: "launch",
      charged: false,
      mayAdd: null,
      note: `loaded at launch but not charged (${item.kind}): the cap does not move`,
    };
  return {
    ...base,
    loaded: "not-loaded",
    charged: false,
    mayAdd: null,
    note: "not loaded at launch (on demand or never): bytes here do not count against the cap",
  };
}

/** One proposed fix: the file, the rules it addresses, and its whole text as `lint --fix` would write it. */
export interface FixProposal {
  file: string;
  ruleIds: string[];
  /** The 1-based first and last lines that differ, and the replacement lines' text. */
  startLine: number;
  endLine: number;
  before: string;
  after: string;
  text: string;
}

/** The edit between two texts as a block of whole lines (1-based, inclusive): first and last that differ. */
export function lineEdit(
  before: string,
  after: string,
): { startLine: number; endLine: number; before: string; after: string } {
  const a = before.split(/(?<=\n)/);
  const b = after.split(/(?<=\n)/);
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let ea = a.length - 1;
  let eb = b.length - 1;
  while (ea >= s && eb >= s && a[ea] === b[eb]) {
    ea--;
    eb--;
  }
  return {
    startLine: s + 1,
    endLine: ea + 1,
    before: a.slice(s, ea + 1).join(""),
    after: b.slice(s, eb + 1).join(""),
  };
}

/**
 * What `lint --fix` would write, proposed, never written: for each file with a fixable finding (or only
 * `file`), the fixed text the fixable rules compute together and verify.
 */
export function fixProposals(
  root: string,
  o: { file?: string; texts?: ReadonlyMap<string, string> } = {},
): FixJson {
  const only =
    o.file === undefined ? undefined : relative(root, insideRoot(root, o.file)).split(sep).join("/");
  const ctx = new LintContext(root, RULES);
  const findings = runLint({ root }).findings;
  const files = [...new Set(findings.filter((f) => f.fixable).map((f) => f.file))]
    .filter((f) => only === undefined || f === only)
    .sort();
  const proposals: FixProposal[] = [];
  for (const file of files) {
    const r = readTextFile(join(ctx.root, file));
    const text = o.texts?.get(file) ?? (r.ok && r.validUtf8 ? r.text : undefined);
    if (text === undefined) continue;
    const fixed = ctx.fixFor(file, text);
    if (fixed)
      proposals.push({ file, ruleIds: fixed.ruleIds, ...lineEdit(text, fixed.text), text: fixed.text });
  }
  return { root: ctx.givenRoot, proposals };
}

/** One agent's view of one file, for the editor's hover. */
export interface FileFacts {
  agent: string;
  agentName: string;
  /** `launch` (at the root launch), `on-demand` (attached when a tool reads a path), or null. */
  loadedAt: "launch" | "on-demand" | null;
  bytes: number;
  charged: boolean;
  reason: string;
  /** What this file imports, as the agent loads it (paths relative to the root). */
  imports: { path: string; bytes: number }[];
  cap: number;
  total: number;
  headroom: number;
  /** The file's tokens at launch as `cap` and `explain` count them (`~380`, with the method's label), or null. */
  tokens: { count: number; exact: boolean; shown: string; label: string } | null;
}

/**
 * For a file (relative to the root), per registered agent: whether the launch at the root loads it, or
 * the agent attaches it on demand when a tool reads something beside it, its bytes, its imports, and the
 * cap headroom left. Fresh-clone view, as the cap judges.
 */
export function fileFacts(root: string, rel: string, runs?: readonly CapRun[]): FileFacts[] {
  const all = runs ?? runCapMatrix({ dir: root, agent: "all" });
  return all.map((run) => {
    const model = agents().find((a) => a.id === run.agent) as AgentModel;
    const ev = run.evaluation;
    const headroom = Math.max(0, ev.cap - ev.total);
    let item: ContextItem | undefined = run.items.find((i) => i.path === rel);
    let items = run.items;
    let loadedAt: FileFacts["loadedAt"] = item ? "launch" : null;
    if (!item && model.onDemand) {
      // Attached on read: ask the agent's session what it attaches for a file in the same folder.
      const probe = join(root, dirname(rel), "__agent-context-probe__");
      const read = model.onDemand(run.snapshot).read(probe).items;
      item = read.find((i) => i.path === rel);
      if (item) {
        loadedAt = "on-demand";
        items = read;
      }
    }
    const t = loadedAt === "launch" ? run.tokens?.items.get(rel) : undefined;
    return {
      agent: run.agent,
      agentName: model.name,
      tokens:
        t && run.tokens
          ? { count: t.count, exact: t.exact, shown: tokenNumber(t.count, t.exact), label: run.tokens.label }
          : null,
      loadedAt,
      bytes: item?.bytes ?? 0,
      charged: item?.charged ?? false,
      reason: item?.reason ?? "",
      imports: items.filter((i) => i.importedBy === rel).map((i) => ({ path: i.path, bytes: i.bytes })),
      cap: ev.cap,
      total: ev.total,
      headroom,
    };
  });
}

/**
 * The launch runs of every agent at the root (fresh clone) on `workspace`, with their tokens counted as
 * `cap` counts them by default (offline: src/app/tokens.ts), for a language server's workspace to keep.
 */
export async function launchRuns(root: string, workspace?: Workspace): Promise<CapRun[]> {
  const runs = runCapMatrix({ ...(workspace ? { workspace } : { dir: root }), agent: "all" });
  await addTokens(runs, { choice: "auto" });
  return runs;
}

/** A Workspace of the app (src/app/workspace.ts) for the repository at `root`: one per root in the language server. */
export function openWorkspace(root: string): Workspace {
  return Workspace.at(root);
}

/** One agent's reading of an `@import` token: the file it names, or why the agent does not follow it. */
export interface ImportResolution {
  agent: string;
  agentName: string;
  /** Absolute file the token names for this agent, or null when the agent reads no imports. */
  target: string | null;
  exists: boolean;
  inside: boolean;
}

/**
 * How each agent that reads `@imports` resolves the token at (1-based) `line`, `column` (UTF-16, any
 * column within the token) of `text`, the file at `absPath`: the file each names. Agents that read no
 * imports are listed with `target: null` ("not followed").
 */
export function importsAt(
  absPath: string,
  text: string,
  line: number,
  column: number,
  root: string,
): { token: string; line: number; column: number; length: number; agents: ImportResolution[] } | null {
  const home = currentUserEnvironment().home;
  let found: { path: string; line: number; column: number } | undefined;
  for (const a of agents()) {
    const reading = a.capabilities?.instructions;
    if (!reading) continue;
    found = reading
      .imports(text)
      .find((t) => t.line === line && column >= t.column && column <= t.column + t.path.length);
    if (found) break;
  }
  if (!found) return null;
  const real = statSafe(absPath) ? realpathSync(absPath) : absPath;
  const tok = found;
  const rows = agents().map((a): ImportResolution => {
    const reading = a.capabilities?.instructions;
    const hit = reading?.imports(text).some((t) => t.line === tok.line && t.column === tok.column);
    if (!reading || !hit)
      return { agent: a.id, agentName: a.name, target: null, exists: false, inside: false };
    const target = reading.resolveImport(tok.path, real, home);
    const rel = relative(root, target);
    return {
      agent: a.id,
      agentName: a.name,
      target,
      exists: statSafe(target)?.isFile() === true,
      inside: !(rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)),
    };
  });
  return { token: tok.path, line: tok.line, column: tok.column, length: tok.path.length + 1, agents: rows };
}

/** Every `@import` token of a text as any agent reads it (deduplicated by position). */
export function importTokens(text: string): { path: string; line: number; column: number }[] {
  const seen = new Map<string, { path: string; line: number; column: number }>();
  for (const a of agents())
    for (const t of a.capabilities?.instructions?.imports(text) ?? []) seen.set(`${t.line}:${t.column}`, t);
  return [...seen.values()];
}

/** The scope globs of a rule file's text per agent that reads rule scopes, with how many files each matches. */
export function scopeCounts(
  text: string,
  ruleDir: string,
  files: readonly string[],
  root: string,
): { agent: string; agentName: string; globs: string[]; matches: number }[] {
  const out: { agent: string; agentName: string; globs: string[]; matches: number }[] = [];
  const base = relative(root, ruleDir);
  for (const a of agents()) {
    const reading = a.capabilities?.instructions;
    if (!reading) continue;
    const scope = reading.ruleScope(text);
    if (!scope.scoped || scope.globs.length === 0) continue;
    // The agent's own matcher where it has one (Copilot's applyTo), else Claude Code's paths: matcher, as
    // the report counts them; globs are relative to the repository root.
    const own = a.capabilities?.scopeMatcher?.(scope.globs);
    const claude = own ? undefined : compileClaudeGlobs(scope.globs);
    const match = own ?? ((f: string) => claude?.match(f) !== null);
    void base;
    out.push({
      agent: a.id,
      agentName: a.name,
      globs: scope.globs,
      matches: files.filter((f) => match(f)).length,
    });
  }
  return out;
}

/** The repository's files as lint lists them (relative POSIX paths): the Workspace's list when given. */
export function repositoryFiles(root: string, workspace?: Workspace): string[] {
  return workspace ? workspace.files() : new LintContext(root, RULES).files();
}

/** The default agent's id (for a tool's description). */
export function defaultAgentId(): string {
  return defaultAgent().id;
}

/** Whether `id` is a registered agent. */
export function knownAgent(id: string): boolean {
  return selectAgents("all").some((a) => a.id === id);
}

/** The fix `lint --fix` would make to `text`, the content of `file` (relative to the root), or null. */
export function proposeFix(root: string, file: string, text: string): FixProposal | null {
  const fixed = new LintContext(root, RULES).fixFor(file, text);
  return fixed ? { file, ruleIds: fixed.ruleIds, ...lineEdit(text, fixed.text), text: fixed.text } : null;
}

/** The repository root for a file the editor opened: as every command finds it (`.agent-context.json`, `.git`). */
export { findProjectRoot, Workspace } from "../app/workspace.js";
