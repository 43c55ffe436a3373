/**
 * The data of the HTML report, from `report`'s run (src/app/report.ts: `cap`'s runs over every agent and
 * launch directory, lint's findings, the file list, the router's index): the on-demand sources of each
 * launch with how many repository files their globs match and the router's shards, gathered into one plain,
 * JSON-serialisable object. Nothing here renders; ./page.ts turns the object into HTML. Nothing here
 * re-derives the loader: items, rules, reasons and deltas come from the run's snapshots. Every size is in
 * bytes (UTF-8 bytes injected, or bytes on disk).
 */
import { basename, isAbsolute, relative, sep } from "node:path";
import { agents as registeredAgents } from "../../agents/index.js";
import type { CapRun } from "../../app/cap.js";
import { type ReportOptions, type ReportRun, runReport } from "../../app/report.js";
import { type ItemTokens, offlineTokens } from "../../app/tokens.js";
import type { FileChange, LaunchDelta } from "../../budget/delta.js";
import type { KindTotal, Unadopted } from "../../budget/kinds.js";
import { SortedFiles } from "../../globs/sorted-files.js";
import { deadGlobIndex } from "../../lint/rules/rule-dead-glob.js";
import type { ContextItem, Finding, ListOverhead, UnmeasuredSource } from "../../model/index.js";
import type { RouterIndex } from "../../router/index-build.js";
import { VERSION } from "../../version.js";
import { layoutTree, type TreeNode, weight } from "./treemap.js";

/** How many treemap cells a launch draws at most; the smaller files are folded into one "+K more" cell. */
export const MAX_CELLS = 150;
/** How many files a launch's table lists at most (the largest charged ones, in load order). */
export const MAX_TABLE_ROWS = 1000;
/** How many on-demand sources a launch lists at most. */
export const MAX_ON_DEMAND_ROWS = 1000;
/** How many rules a router shard's row lists by name at most. */
export const MAX_RULES_NAMED = 30;
/** The treemap's virtual box (aspect 5:3); cells are drawn in percent of it. */
export const TREEMAP_BOX = { w: 1000, h: 600 } as const;

/** One file that loads at launch. */
export interface ReportFile {
  /** Display path (POSIX, relative to the root; absolute outside it). */
  path: string;
  kind: ContextItem["kind"];
  /** UTF-8 bytes injected into the context. */
  bytes: number;
  /** Bytes on disk. */
  fileBytes: number;
  charged: boolean;
  importedBy: string | null;
  /** Why it loads (and is charged), as `cap` explains it. */
  why: string;
  /** Change in charged bytes against the base revision; null without a base or when unchanged. */
  change: number | null;
  /** Tokens of the injected text (`~` when estimated), or null for an import counted in its block. */
  tokens: { count: number; exact: boolean } | null;
}

/** One treemap cell or group box, in percent of the chart box. */
export interface ReportCell {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Nesting depth (0: a top-level group). */
  depth: number;
  /** A file (or the "+K more" cell), focusable; false for a group box. */
  leaf: boolean;
  /** Short label (base name, or the group's title). */
  label: string;
  /** The file's display path; null for a group box and for the "+K more" cell. */
  path: string | null;
  /** Pattern class: the item's kind (memory, import, rule, skill, subagent, ...), more, group. */
  kind: string;
  /** Injected bytes (a group: the sum of its files). */
  bytes: number;
  /** Bytes on disk (a group or "+K more": the sum). */
  fileBytes: number;
  /** Why it loads (a group: what it holds). */
  why: string;
}

/** A source the agent attaches on demand: a scoped rule or a nested memory file. */
export interface ReportOnDemand {
  path: string;
  /** `scoped rule` or `nested memory`. */
  kind: string;
  /** Globs relative to the repository root as written in the rule (a nested memory file: `DIR/**`). */
  globs: string[];
  /** How many repository files the globs match (0: the source never loads). */
  matches: number;
}

/** One launch of one agent (one working directory). */
export interface ReportLaunch {
  /** Launch directory relative to the root (`.` for the root). */
  cwd: string;
  /** The cap charged against, bytes. */
  cap: number;
  /** Where the cap comes from (the configuration file, or `default`). */
  capSource: string;
  /** Charged bytes. */
  total: number;
  /** The charged text's tokens, by the agent's method (src/app/tokens.ts; `cap` counts the same). */
  tokens: {
    total: number;
    exact: boolean;
    label: string;
    model: string | null;
    cap: number | null;
    ok: boolean;
  };
  over: number;
  spare: number;
  /** Within the cap, the ratchet (if checked) holds and the agent's own verdict passes. */
  ok: boolean;
  /** The agent's own verdict when it fails the launch (e.g. a truncated chain), else null. */
  failure: string | null;
  /** Files loaded at launch, in load order (at most {@link MAX_TABLE_ROWS}). */
  files: ReportFile[];
  /** How many loaded files the table leaves out. */
  filesOmitted: number;
  /** The treemap, groups before their cells. */
  cells: ReportCell[];
  /** Charged files folded into the "+K more" cell. */
  moreCount: number;
  onDemand: ReportOnDemand[];
  onDemandOmitted: number;
  /** What each kind adds (charged or not), largest first (src/budget/kinds.ts). */
  kinds: KindTotal[];
  /** The lists' fixed text the cap charges, once per list. */
  overhead: ListOverhead[];
  /** The kinds sent but not charged, and the command that adopts them; null when none. */
  unadopted: Unadopted | null;
  /** Sources that add context only by running code (never run, never measured). */
  unmeasured: UnmeasuredSource[];
  /** The change against the base revision, or null. */
  delta:
    | (Omit<LaunchDelta, "files"> & {
        files: (Pick<FileChange, "path" | "before" | "after" | "change"> & { why: string | null })[];
      })
    | null;
}

/** One agent's part of the report. */
export interface ReportAgent {
  id: string;
  name: string;
  /** The release modelled in this report. */
  version: string;
  /** Every release the model was verified on (the registry's list, newest first). */
  releases: string[];
  launches: ReportLaunch[];
}

/** A lint finding, as shown beside its file. */
export interface ReportFinding {
  ruleId: string;
  severity: Finding["severity"];
  file: string;
  line: number | null;
  message: string;
  help: string | null;
}

/** A router shard: its triggers and the rules they reach. */
export interface ReportShard {
  path: string;
  domain: string;
  rows: number;
  triggers: number;
  /** Distinct rules its rows reach (at most {@link MAX_RULES_NAMED} named). */
  rules: string[];
  rulesTotal: number;
}

/** Everything the HTML report shows. Plain data: `JSON.stringify` round-trips it. */
export interface ReportData {
  tool: { name: "agent-context"; version: string };
  /** The repository's directory name (the absolute root is not shown: a report is shared). */
  repository: string;
  /** `--base REF` as given, or the CI default's description; null when no base was compared. */
  base: string | null;
  agents: ReportAgent[];
  lint: ReportFinding[];
  /** Null when the repository has no router shard. */
  router: ReportShard[] | null;
}

/** Options of {@link collectReport}: those of `report` (src/app/report.ts). */
export type CollectOptions = ReportOptions;

/** Runs `report` (src/app/report.ts) and gathers the page's data from it ({@link reportData}). */
export function collectReport(opts: CollectOptions): ReportData {
  return reportData(runReport(opts));
}

/** The page's data from `report`'s run. */
export function reportData(run: ReportRun): ReportData {
  const { runs } = run;
  // The glob counts take the root's real path, as the snapshots' rule bases hold it (a root given through
  // a symlink must count the same files).
  const root = run.realRoot;
  const files = run.files;
  const matcher = globCounter(root, files);
  const out: ReportAgent[] = [];
  for (const r of runs) {
    let agent = out.find((a) => a.id === r.agent);
    if (!agent) {
      const model = registeredAgents().find((a) => a.id === r.agent);
      agent = {
        id: r.agent,
        name: r.snapshot.agent.name,
        version: r.agentVersion,
        releases: [...(model?.releases ?? [r.agentVersion])],
        launches: [],
      };
      out.push(agent);
    }
    agent.launches.push(launchOf(r, files, matcher));
  }
  const lint = run.lint.findings.map((f) => ({
    ruleId: f.ruleId,
    severity: f.severity,
    file: f.file,
    line: f.line ?? null,
    message: f.message,
    help: f.help ?? null,
  }));
  const base = runs.find((r) => r.delta)?.delta?.base ?? null;
  return {
    tool: { name: "agent-context", version: VERSION },
    repository: run.root.split(sep).pop() || run.root,
    base,
    agents: out,
    lint,
    router: routerOf(run.router),
  };
}

/** Counts repository files matched by globs relative to a base directory, memoized by (base, globs). */
function globCounter(
  root: string,
  files: readonly string[],
): (globs: readonly string[], base: string, agent: string) => number {
  const memo = new Map<string, number>();
  // Claude Code's paths: globs are counted through the dead-glob index (only the files under each
  // pattern's literal directory are tried): 5,000 scoped rules each tried on every file took minutes.
  let index: ReturnType<typeof deadGlobIndex> | undefined;
  let sorted: SortedFiles | undefined;
  return (globs, base, agent) => {
    const prefix = relative(root, base).split(sep).join("/");
    // The agent's own matcher where it has one (Copilot's applyTo), else Claude Code's paths: matcher.
    const own = registeredAgents().find((a) => a.id === agent)?.capabilities;
    if (!own?.scopeMatcher) {
      index ??= deadGlobIndex(root, files);
      return index.count(globs, base);
    }
    const key = `${agent}\0${prefix}\0${globs.join("\0")}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let n = 0;
    if (!prefix.startsWith("..")) {
      const test = own.scopeMatcher(globs);
      // Only the files under each pattern's literal directory when the agent names it (every file else).
      const at = prefix === "" ? "" : `${prefix}/`;
      const dirs = globs.map((g) => `${at}${own.scopeDir?.(g) ?? ""}`);
      sorted ??= new SortedFiles(files);
      for (const f of sorted.underAny(dirs)) if (test(f.slice(at.length))) n++;
    }
    memo.set(key, n);
    return n;
  };
}

function tokenCell(t: ItemTokens | undefined): { count: number; exact: boolean } | null {
  return t ? { count: t.count, exact: t.exact } : null;
}

function launchOf(
  run: CapRun,
  repoFiles: readonly string[],
  count: (globs: readonly string[], base: string, agent: string) => number,
): ReportLaunch {
  const cwd = relative(run.root, run.cwd).split(sep).join("/") || ".";
  const why = new Map(run.evaluation.contributors.map((c) => [c.item.path, c.why]));
  const changes = new Map((run.delta?.files ?? []).map((f) => [f.path, f.change]));
  const tokens = offlineTokens(run, { tokenCap: run.tokenCap ?? undefined });
  const all: ReportFile[] = run.items.map((i) => ({
    path: i.path,
    kind: i.kind,
    bytes: i.bytes,
    fileBytes: i.fileBytes,
    charged: i.charged,
    importedBy: i.importedBy,
    why: why.get(i.path) ?? i.reason,
    change: changes.get(i.path) ?? null,
    tokens: i.countedIn === undefined ? tokenCell(tokens.items.get(i.path)) : null,
  }));
  let files = all;
  if (all.length > MAX_TABLE_ROWS) {
    const keep = new Set(
      [...all]
        .sort((a, b) => Number(b.charged) - Number(a.charged) || b.bytes - a.bytes)
        .slice(0, MAX_TABLE_ROWS),
    );
    files = all.filter((f) => keep.has(f));
  }
  const { cells, moreCount } = treemapOf(all, run.evaluation.overhead);
  const onDemand = onDemandOf(run, repoFiles, count);
  const d = run.delta;
  return {
    cwd,
    cap: run.cap.cap,
    capSource: shownSource(run.root, run.cap.source),
    total: run.evaluation.total,
    tokens: {
      total: tokens.total,
      exact: tokens.exact,
      label: tokens.label,
      model: tokens.model,
      cap: tokens.cap,
      ok: tokens.ok,
    },
    over: run.evaluation.over,
    spare: run.evaluation.spare,
    ok: run.ok && tokens.ok,
    failure: run.snapshot.verdict?.failure ?? null,
    files,
    filesOmitted: all.length - files.length,
    cells,
    moreCount,
    onDemand: onDemand.slice(0, MAX_ON_DEMAND_ROWS),
    onDemandOmitted: Math.max(0, onDemand.length - MAX_ON_DEMAND_ROWS),
    kinds: run.evaluation.kinds,
    overhead: run.evaluation.overhead.map(({ text: _text, ...o }) => o),
    unadopted: run.evaluation.unadopted,
    unmeasured: run.snapshot.unmeasured ?? [],
    delta: d
      ? {
          base: d.base,
          commit: d.commit,
          before: d.before,
          after: d.after,
          change: d.change,
          cwdAtBase: d.cwdAtBase,
          kinds: d.kinds,
          files: d.files.map((f) => ({
            path: f.path,
            before: f.before,
            after: f.after,
            change: f.change,
            why: f.why ?? null,
          })),
        }
      : null,
  };
}

/** The title of each kind's branch of the treemap. */
export const GROUP_TITLES: Record<ContextItem["kind"], string> = {
  memory: "Memory files and their imports",
  rule: "Rules (unscoped: always loaded)",
  import: "Imports",
  local: "Personal memory",
  routed: "Routed rules",
  skill: "Skills (listed: name and description)",
  command: "Commands (listed: name and description)",
  subagent: "Subagents (listed: name, description, tools)",
  "output-style": "Output style",
  "auto-memory": "Auto memory",
  extension: "Extensions",
};

/**
 * The treemap of the charged files: the {@link MAX_CELLS} largest, nested by kind, one branch each (a memory
 * file with the files it imports; rules; skills with their list's overhead; ...), the rest folded into one
 * "+K more" cell. `overhead` is the charged lists' fixed text, one cell each in its kind's branch. Cells in
 * percent of the box.
 */
export function treemapOf(
  files: readonly ReportFile[],
  overhead: readonly ListOverhead[] = [],
): { cells: ReportCell[]; moreCount: number } {
  const charged = files.filter((f) => f.charged && f.bytes > 0);
  const drawn = new Set([...charged].sort((a, b) => b.bytes - a.bytes).slice(0, MAX_CELLS));
  const rest = charged.filter((f) => !drawn.has(f));
  const leaf = (f: ReportFile): TreeNode<ReportCell> => ({
    value: f.bytes,
    data: cell(f.path.split("/").pop() || f.path, f.path, f.kind, f.bytes, f.fileBytes, f.why, true),
  });
  const byPath = new Map<string, ReportFile>();
  for (const f of drawn) byPath.set(f.path, f);
  const children = new Map<string, ReportFile[]>();
  const tops: ReportFile[] = [];
  for (const f of charged) {
    if (!drawn.has(f)) continue;
    const parent = f.importedBy !== null && f.importedBy !== f.path ? byPath.get(f.importedBy) : undefined;
    if (parent) children.set(parent.path, [...(children.get(parent.path) ?? []), f]);
    else tops.push(f);
  }
  const seen = new Set<string>();
  const node = (f: ReportFile): TreeNode<ReportCell> => {
    seen.add(f.path);
    const kids = (children.get(f.path) ?? []).filter((k) => !seen.has(k.path)).map(node);
    if (kids.length === 0) return leaf(f);
    const all = [leaf(f), ...kids];
    const disk = all.reduce((s, k) => s + k.data.fileBytes, 0);
    const bytes = all.reduce((s, k) => s + weight(k), 0);
    return {
      value: 0,
      data: cell(
        `${f.path} + imports`,
        null,
        "group",
        bytes,
        disk,
        `${f.path} and the files it imports`,
        false,
      ),
      children: all,
    };
  };
  const groups = new Map<ContextItem["kind"], TreeNode<ReportCell>[]>();
  for (const f of tops) {
    const g = f.kind in GROUP_TITLES ? f.kind : "import";
    groups.set(g, [...(groups.get(g) ?? []), node(f)]);
  }
  for (const o of overhead) {
    if (o.bytes <= 0) continue;
    const label = `(${o.list} list overhead)`;
    const leafCell: TreeNode<ReportCell> = {
      value: o.bytes,
      data: cell(label, null, o.kind, o.bytes, 0, o.why, true),
    };
    groups.set(o.kind, [...(groups.get(o.kind) ?? []), leafCell]);
  }
  const forest: TreeNode<ReportCell>[] = [];
  for (const [g, kids] of groups) {
    const title = GROUP_TITLES[g];
    const bytes = kids.reduce((s, k) => s + weight(k), 0);
    const disk = kids.reduce((s, k) => s + k.data.fileBytes, 0);
    forest.push({ value: 0, data: cell(title, null, "group", bytes, disk, title, false), children: kids });
  }
  if (rest.length > 0) {
    const bytes = rest.reduce((s, f) => s + f.bytes, 0);
    const disk = rest.reduce((s, f) => s + f.fileBytes, 0);
    forest.push({
      value: bytes,
      data: cell(
        `+${rest.length} more`,
        null,
        "more",
        bytes,
        disk,
        `${rest.length} smaller charged files, not drawn (the table lists them)`,
        true,
      ),
    });
  }
  const placed = layoutTree(
    forest,
    { x: 0, y: 0, w: TREEMAP_BOX.w, h: TREEMAP_BOX.h },
    { pad: 3, header: 18 },
  );
  const cells = placed.map((p) => {
    const c = { ...p.data, depth: p.depth, leaf: p.leaf };
    c.x = round((p.rect.x / TREEMAP_BOX.w) * 100);
    c.y = round((p.rect.y / TREEMAP_BOX.h) * 100);
    c.w = round((p.rect.w / TREEMAP_BOX.w) * 100);
    c.h = round((p.rect.h / TREEMAP_BOX.h) * 100);
    return c;
  });
  return { cells, moreCount: rest.length };
}

function cell(
  label: string,
  path: string | null,
  kind: string,
  bytes: number,
  fileBytes: number,
  why: string,
  leaf: boolean,
): ReportCell {
  return { x: 0, y: 0, w: 0, h: 0, depth: 0, leaf, label, path, kind, bytes, fileBytes, why };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * The launch's on-demand sources: its scoped rules (globs as the agent reads them) and, for an agent with
 * an on-demand part, the memory files below the launch directory that the launch did not load (`DIR/**`).
 */
function onDemandOf(
  run: CapRun,
  repoFiles: readonly string[],
  count: (globs: readonly string[], base: string, agent: string) => number,
): ReportOnDemand[] {
  const out: ReportOnDemand[] = [];
  for (const r of run.snapshot.rules) {
    if (!r.scoped) continue;
    out.push({
      path: r.path,
      kind: "scoped rule",
      globs: [...r.globs],
      matches: count(r.globs, r.base, run.agent),
    });
  }
  const model = registeredAgents().find((a) => a.id === run.agent);
  if (model?.onDemand) {
    const names = new Set(model.memoryFileNames);
    const loaded = new Set(run.items.map((i) => i.path));
    const cwd = relative(run.root, run.cwd).split(sep).join("/");
    for (const f of repoFiles) {
      const slash = f.lastIndexOf("/");
      if (slash < 0 || !names.has(f.slice(slash + 1)) || loaded.has(f)) continue;
      const dir = f.slice(0, slash);
      if (cwd !== "" && !dir.startsWith(`${cwd}/`)) continue;
      if (dir === cwd) continue;
      const under = `${dir}/`;
      out.push({
        path: f,
        kind: "nested memory",
        globs: [`${dir}/**`],
        matches: repoFiles.reduce((n, x) => n + (x.startsWith(under) ? 1 : 0), 0),
      });
    }
  }
  return out;
}

function routerOf(index: RouterIndex): ReportShard[] | null {
  if (index.shards.length === 0) return null;
  return index.shards.map((s) => {
    const rows = index.rows.filter((r) => r.shard === s.path);
    const rules = [...new Set(rows.flatMap((r) => r.rules))];
    return {
      path: s.path,
      domain: s.domain,
      rows: rows.length,
      triggers: rows.reduce((n, r) => n + r.triggers.length, 0),
      rules: rules.slice(0, MAX_RULES_NAMED),
      rulesTotal: rules.length,
    };
  });
}

/**
 * Where the cap comes from as the report shows it: a file relative to the root, never this machine's
 * absolute path (a report is shared; issue 29), or `default`.
 */
function shownSource(root: string, source: string): string {
  if (!isAbsolute(source)) return source;
  const rel = relative(root, source);
  return rel.startsWith("..") || isAbsolute(rel) ? basename(source) : rel.split(sep).join("/");
}
