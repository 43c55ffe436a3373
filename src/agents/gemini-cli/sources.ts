/**
 * What skills, subagents and extensions add to Gemini CLI's first request, as items
 * (docs/findings-sources-gemini-cli.md, docs/findings-gemini-cli.md "Extensions and the private project
 * memory", docs/sources-model-plan.md). Settled against Gemini CLI 0.61.0 by the recorded cases of
 * test/conformance/sources.fixtures.ts, which gemini-sources-model.test.ts runs this model over.
 *
 * - Skills: `SKILL.md` and `*\/SKILL.md` of `~/.gemini/skills` and `~/.agents/skills` (user view), then of
 *   the cwd's `.gemini/skills` and `.agents/skills`. Workspace skills load only in a trusted workspace;
 *   headless `gemini -p` refuses to run in an untrusted one (docs/findings-gemini-cli.md), so the launch
 *   measured is the trusted one, as for GEMINI.md. `name` and `description` are required (`:\/<>*?"|` in a
 *   name become `-`); a later skill replaces an earlier one of its name in place (within one folder: the
 *   folder's own `SKILL.md`, then the subfolders' in reverse byte order, the CLI's usual order); `skills.disabled`
 *   (settings) hides one by name, case-insensitively. Entry `  <skill>\n    <name>…</name>\n
 *   <description>…</description>\n    <location>ABS</location>\n  </skill>`, neither cut nor escaped. The
 *   location is an absolute path: the item's text and `bytes` carry the path relative to the repository,
 *   the difference is `framingBytes` (never charged). The section is sent in every session (built-in
 *   skills): its header is the CLI's, not charged.
 * - Subagents (user view): the cwd's `.gemini/agents/*.md` only once the user acknowledged the file's hash
 *   (`~/.gemini/acknowledgments/agents.json`), then `~/.gemini/agents/*.md`. Entry `  <subagent>\n    <name>…
 *   </name>\n    <description>…</description>\n  </subagent>`. In the fresh-clone view a project agent is
 *   an uncharged item: no one has acknowledged it.
 * - Extensions (user view): each `~/.gemini/extensions/<dir>/` with a JSON `gemini-extension.json` (a
 *   linked one read from its source), not disabled in `extension-enablement.json`: its `contextFileName`
 *   files (default GEMINI.md) as `--- Context from: …` blocks in `<extension_context>`, sorted by path.
 *
 * MCP servers the workspace settings name are listed as not measured (they add context only by running).
 * User-layer entries are personal, not charged. A dropped or hidden entry is an item with `charged: false`,
 * 0 bytes and a `source-not-listed` finding. Walks are bounded and stay inside the repository (the user's
 * folders inside `~/.gemini` or HOME): a link out is not followed (`walk-stopped`, the measurement is then
 * incomplete).
 */
import { createHash } from "node:crypto";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { MAX_JSON_NESTING, nestsDeeperThan } from "../../fs/nesting.js";
import { inside } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import { lazyYaml } from "../../markdown/lazy.js";
import type { ContextItem, Finding, UnmeasuredSource } from "../../model/index.js";
import { readContextFile } from "./launch.js";

/** The separator between skills entries and between subagent entries. */
export const GEMINI_LIST_SEPARATOR = "\n";
/** The separator between extension context blocks (a blank line, as between project blocks). */
export const GEMINI_EXTENSION_SEPARATOR = "\n\n";
const WALK_MAX_ENTRIES = 20_000;
/** A subagent's name must match this, else Gemini CLI reports an error and lists nothing. */
const AGENT_NAME = /^[a-z0-9-_]+$/;

export interface GeminiSourcesOptions {
  /** Repository root, real path. */
  root: string;
  /** Working directory, real path. */
  cwd: string;
  show: (abs: string) => string;
  /** `context.memoryBoundaryMarkers` and `context.importFormat` (extension files are read as GEMINI.md). */
  boundaryMarkers: readonly string[];
  importFormat: "tree" | "flat";
  /** The user view: HOME (`GEMINI_CLI_HOME` applied) and `~/.gemini`. */
  user?: { home: string; geminiHome: string };
  /**
   * `-e` / `--extensions` as given (names, case ignored; `none` loads no extension); absent: every enabled
   * extension (cases `the_extensions_flag_selects_extensions_by_name`, `the_extensions_flag_none_loads_no_extension`).
   */
  extensionNames?: readonly string[];
}

export interface GeminiSourcesResult {
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  /** MCP servers the workspace settings name: they add tools and instructions only by running. */
  unmeasured: UnmeasuredSource[];
  /** The extensions' context files that gave a block (absolute): a project file of the same identity is dropped. */
  extensionFiles: string[];
}

type Warn = (ruleId: string, file: string, message: string) => void;

interface Skill {
  name: string;
  description: string;
  abs: string;
  fileBytes: number;
  user: boolean;
  /** The skills folder it was found in. */
  folder: string;
}

/** A skill's name as Gemini CLI lists it: `:\/<>*?"|` become `-`. */
export function geminiSkillName(name: string): string {
  return name.replace(/[:\\/<>*?"|]/g, "-");
}

/** `name:` and `description:` read line by line (indented continuation lines joined with a space). */
function lineFields(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  let key: string | undefined;
  for (const line of raw.split(/\r?\n/)) {
    const m = /^([A-Za-z0-9_-]+):[ \t]*(.*)$/.exec(line);
    if (m) {
      key = m[1] as string;
      out[key] = (m[2] as string).trim();
    } else if (key !== undefined && /^[ \t]+\S/.test(line)) out[key] = `${out[key]} ${line.trim()}`.trim();
    else key = undefined;
  }
  return out;
}

/** The frontmatter fields of a skill or agent file (js-yaml, else Gemini CLI's line parser); null: none. */
export function geminiFrontmatter(
  text: string,
): { fields: Record<string, unknown>; lenient: boolean } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return null;
  try {
    const v = lazyYaml().parse(m[1] as string) as unknown;
    return {
      fields: v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
      lenient: false,
    };
  } catch {
    return { fields: lineFields(m[1] as string), lenient: true };
  }
}

/**
 * A skill's `name` and `description` as Gemini CLI 0.61.0 reads them (`parseFrontmatter` in its bundle): the
 * YAML values when both are strings (empty ones too), else its line parser — `name:` / `description:` at
 * any indentation, the last of each, indented continuation lines joined with a space — which keeps an empty
 * value and a quoted one's quotes. Null: neither gives both.
 */
export function geminiSkillFields(text: string): { name: string; description: string } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!m) return null;
  const raw = m[1] as string;
  try {
    const v = lazyYaml().parse(raw) as { name?: unknown; description?: unknown } | null;
    if (v && typeof v === "object" && typeof v.name === "string" && typeof v.description === "string")
      return { name: v.name, description: v.description };
  } catch {
    // the CLI falls back to its line parser, as below
  }
  let name: string | undefined;
  let description: string | undefined;
  const lines = raw.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const n = /^\s*name:\s*(.*)$/.exec(line);
    if (n) {
      name = (n[1] as string).trim();
      continue;
    }
    const d = /^\s*description:\s*(.*)$/.exec(line);
    if (!d) continue;
    const parts = [(d[1] as string).trim()];
    while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1] as string))
      parts.push((lines[++i] as string).trim());
    description = parts.filter(Boolean).join(" ");
  }
  return name !== undefined && description !== undefined ? { name, description } : null;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/** Gemini CLI's skills, subagents and extensions for one launch. Never throws for bad files. */
export function geminiSources(opts: GeminiSourcesOptions): GeminiSourcesResult {
  const findings: Finding[] = [];
  const warn: Warn = (ruleId, file, message) => findings.push({ ruleId, severity: "warning", file, message });
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const notListed = (
    path: string,
    kind: "skill" | "subagent",
    name: string,
    fileBytes: number,
    why: string,
    code: string,
  ) => {
    items.push({
      path,
      kind,
      loadedAt: "launch",
      bytes: 0,
      fileBytes,
      charged: false,
      importedBy: null,
      reason: `not listed: ${why}`,
      extra: { list: kind === "skill" ? "skills" : "subagents", name, notListed: code },
    });
    findings.push({
      ruleId: code === "needs-acknowledgment" ? "project-agent-unacknowledged" : "source-not-listed",
      severity: "info",
      file: path,
      message: `${path}: ${kind} not listed by Gemini CLI — ${why}`,
    });
  };

  // Skills, in precedence order: a later folder's skill replaces an earlier one of its name, in place.
  const folders: { dir: string; user: boolean; boundary: string }[] = [
    ...(opts.user
      ? [
          { dir: join(opts.user.geminiHome, "skills"), user: true, boundary: opts.user.geminiHome },
          { dir: join(opts.user.home, ".agents", "skills"), user: true, boundary: opts.user.home },
        ]
      : []),
    { dir: join(opts.cwd, ".gemini", "skills"), user: false, boundary: opts.root },
    { dir: join(opts.cwd, ".agents", "skills"), user: false, boundary: opts.root },
  ];
  const skills = new Map<string, Skill>();
  for (const f of folders)
    for (const abs of skillFiles(f.dir, f.boundary, opts.show, warn)) {
      const r = readTextFile(abs);
      if (!r.ok) {
        if (r.reason !== "missing")
          warn("read-failed", opts.show(abs), describeReadFailure(r, opts.show(abs)));
        continue;
      }
      const fm = geminiFrontmatter(r.text);
      const fields = geminiSkillFields(r.text);
      const name = fields?.name ?? str(fm?.fields.name);
      const description = fields?.description ?? str(fm?.fields.description);
      const fallback = basename(dirname(abs));
      if (!fm || !fields || name === undefined || description === undefined) {
        const why = !fm ? "no frontmatter" : name === undefined ? "no `name`" : "no `description`";
        notListed(
          opts.show(abs),
          "skill",
          name ?? fallback,
          r.fileBytes,
          `${why} (Gemini CLI needs both)`,
          !fm ? "no-frontmatter" : name === undefined ? "no-name" : "no-description",
        );
        continue;
      }
      const s: Skill = {
        name: geminiSkillName(name),
        description,
        abs,
        fileBytes: r.fileBytes,
        user: f.user,
        folder: f.dir,
      };
      const had = skills.get(s.name);
      if (had)
        notListed(
          opts.show(had.abs),
          "skill",
          had.name,
          had.fileBytes,
          had.folder === f.dir
            ? `replaced by ${opts.show(abs)}, a skill of the same name in the same folder (Gemini CLI keeps the one its file search returns last: usually the folder first in byte order, but its search may swap them from one run to the next)`
            : `replaced by ${opts.show(abs)}, a later skill of the same name`,
          "replaced",
        );
      skills.set(s.name, s);
    }
  const disabled = disabledSkills(opts);
  for (const s of skills.values()) {
    const path = opts.show(s.abs);
    if (disabled.has(s.name.toLowerCase())) {
      notListed(path, "skill", s.name, s.fileBytes, "named in the settings' skills.disabled", "hidden");
      continue;
    }
    const entry = (location: string) =>
      `  <skill>\n    <name>${s.name}</name>\n    <description>${s.description}</description>\n    <location>${location}</location>\n  </skill>`;
    const sent = entry(s.abs);
    const text = s.user ? sent : entry(path);
    items.push({
      path,
      kind: "skill",
      loadedAt: "launch",
      bytes: Buffer.byteLength(text) + Buffer.byteLength(GEMINI_LIST_SEPARATOR),
      fileBytes: s.fileBytes,
      charged: !s.user,
      importedBy: null,
      reason: s.user
        ? `skill \`${s.name}\` of the user layer, in the skills section: personal, not charged`
        : `skill \`${s.name}\`: its entry in the skills section (the body is not sent at launch; the location counted relative to the repository)`,
      ...(s.user ? {} : { framingBytes: Buffer.byteLength(sent) - Buffer.byteLength(text) }),
      extra: {
        list: "skills",
        name: s.name,
        entry: sent,
        descriptionFrom: "frontmatter",
        descriptionChars: [...s.description].length,
      },
    });
    texts.set(path, text);
  }

  const extensionFiles: string[] = [];
  if (opts.user) {
    subagents(opts, opts.user, items, texts, notListed, warn);
    extensions(opts, opts.user, items, texts, warn, extensionFiles);
  } else
    for (const a of agentFiles(join(opts.cwd, ".gemini", "agents"), opts.root, opts.show, warn))
      notListed(
        opts.show(a.abs),
        "subagent",
        a.name,
        a.fileBytes,
        "a project agent is listed only once the user acknowledges it (the fresh clone has not)",
        "needs-acknowledgment",
      );
  return { items, texts, findings, unmeasured: mcpServers(opts), extensionFiles };
}

/** The `mcpServers` of the workspace settings (never started: listed as not measured). */
function mcpServers(opts: GeminiSourcesOptions): UnmeasuredSource[] {
  const file = join(opts.cwd, ".gemini", "settings.json");
  const v = readJson(file) as { mcpServers?: unknown } | undefined;
  const servers = v?.mcpServers;
  if (!servers || typeof servers !== "object" || Array.isArray(servers)) return [];
  return Object.keys(servers).map((name) => ({ kind: "mcp-server" as const, name, source: opts.show(file) }));
}

/** `skills.disabled` of the workspace settings and, in the user view, the user's: lower-cased names. */
function disabledSkills(opts: GeminiSourcesOptions): Set<string> {
  const out = new Set<string>();
  const files = [
    join(opts.cwd, ".gemini", "settings.json"),
    ...(opts.user ? [join(opts.user.geminiHome, "settings.json")] : []),
  ];
  for (const f of files) {
    const r = readTextFile(f, 4 * 1024 * 1024);
    // Past the nesting bound the settings are not applied (settings.ts records the cut).
    if (!r.ok || nestsDeeperThan(r.text, MAX_JSON_NESTING)) continue;
    const v = parseJsonc(r.text) as { skills?: { disabled?: unknown } } | undefined;
    const list = v?.skills?.disabled;
    if (Array.isArray(list)) for (const n of list) if (typeof n === "string") out.add(n.toLowerCase());
  }
  return out;
}

/** `SKILL.md` and `*\/SKILL.md` of a skills folder (a dot folder is not matched), inside `boundary`. */
function skillFiles(dir: string, boundary: string, show: (abs: string) => string, warn: Warn): string[] {
  if (!statSafe(dir)?.isDirectory()) return [];
  const b = safeRealpath(boundary) ?? boundary;
  const real = safeRealpath(dir);
  if (!real || !inside(b, real)) {
    warn(
      "walk-stopped",
      show(dir),
      `${show(dir)}: links to ${real ?? "?"}, outside ${b}; not followed, so its skills were not counted (the measurement is incomplete)`,
    );
    return [];
  }
  const w = walkFiles(dir, {
    stayInside: b,
    maxDepth: 1,
    maxEntries: WALK_MAX_ENTRIES,
    enterDir: (_rel, name) => !name.startsWith("."),
    includeFile: (rel, name) => name === "SKILL.md" && rel.split("/").length <= 2,
    dedupeFiles: false,
    onSpecial: (s) =>
      warn(
        "read-failed",
        show(s.path),
        `${show(s.path)}: is a ${s.type}, not a regular file; it was not opened`,
      ),
  });
  // Depth 1 is the CLI's own glob (`*/SKILL.md`), not a cut.
  for (const p of w.problems)
    if (!(p.kind === "bound" && !p.own))
      warn("walk-stopped", show(p.path), `${show(p.path)}: ${p.message} (the measurement is incomplete)`);
  // The CLI's order (its glob's, 0.61.0): the folder's own `SKILL.md` first, then the subfolders' in reverse
  // byte order of their names. The glob checks the subfolders concurrently, so a run may swap two of them now
  // and then (about 1 run in 100 for two folders, 1 in 8 for seven, measured on glob's release); a later skill
  // of a name replaces an earlier one, so this order picks which of two same-named skills is listed.
  const files = w.files.filter((f) => inside(b, f.realPath)).map((f) => f.path);
  const rel = (p: string) => Buffer.from(p.slice(dir.length + 1));
  return files.sort((x, y) => {
    const rx = rel(x);
    const ry = rel(y);
    const topX = !rx.includes(0x2f);
    const topY = !ry.includes(0x2f);
    if (topX !== topY) return topX ? -1 : 1;
    return Buffer.compare(ry, rx);
  });
}

interface AgentFile {
  abs: string;
  name: string;
  description?: string;
  text: string;
  fileBytes: number;
  why?: string;
}

/** The `*.md` agents directly in a folder (not starting with `_`), read; inside `boundary`. */
function agentFiles(dir: string, boundary: string, show: (abs: string) => string, warn: Warn): AgentFile[] {
  if (!statSafe(dir)?.isDirectory()) return [];
  const b = safeRealpath(boundary) ?? boundary;
  const real = safeRealpath(dir);
  if (!real || !inside(b, real)) {
    warn(
      "walk-stopped",
      show(dir),
      `${show(dir)}: links outside ${b}; not followed (the measurement is incomplete)`,
    );
    return [];
  }
  const w = walkFiles(dir, {
    stayInside: b,
    enterDir: () => false,
    maxEntries: WALK_MAX_ENTRIES,
    includeFile: (_rel, name) => name.endsWith(".md") && !name.startsWith("_"),
  });
  const out: AgentFile[] = [];
  for (const f of w.files) {
    if (!inside(b, f.realPath)) continue;
    const r = readTextFile(f.path);
    if (!r.ok) continue;
    const fm = geminiFrontmatter(r.text);
    const name = str(fm?.fields.name)?.trim() ?? basename(f.path, ".md");
    const description = str(fm?.fields.description);
    const why = !fm
      ? "no frontmatter"
      : !AGENT_NAME.test(name)
        ? "its name is not lower-case letters, digits, `-` and `_` (Gemini CLI reports an error)"
        : description === undefined
          ? "no `description`"
          : undefined;
    out.push({
      abs: f.path,
      name,
      ...(description !== undefined ? { description } : {}),
      text: r.text,
      fileBytes: r.fileBytes,
      ...(why ? { why } : {}),
    });
  }
  return out;
}

/** Subagents (user view): acknowledged project agents, then the user's. */
function subagents(
  opts: GeminiSourcesOptions,
  user: NonNullable<GeminiSourcesOptions["user"]>,
  items: ContextItem[],
  texts: Map<string, string>,
  notListed: (
    path: string,
    kind: "skill" | "subagent",
    name: string,
    fileBytes: number,
    why: string,
    code: string,
  ) => void,
  warn: Warn,
): void {
  const acks = readJson(join(user.geminiHome, "acknowledgments", "agents.json")) as
    | Record<string, Record<string, unknown>>
    | undefined;
  const acked = acks?.[opts.cwd] ?? acks?.[opts.root] ?? {};
  const push = (a: AgentFile, charged: boolean) => {
    const path = opts.show(a.abs);
    const text = `  <subagent>\n    <name>${a.name}</name>\n    <description>${a.description}</description>\n  </subagent>`;
    items.push({
      path,
      kind: "subagent",
      loadedAt: "launch",
      bytes: Buffer.byteLength(text) + Buffer.byteLength(GEMINI_LIST_SEPARATOR),
      fileBytes: a.fileBytes,
      charged,
      importedBy: null,
      reason: charged
        ? `subagent \`${a.name}\`: its entry in the sub-agents section (acknowledged by the user)`
        : `subagent \`${a.name}\` of the user layer, in the sub-agents section: personal, not charged`,
      extra: { list: "subagents", name: a.name, entry: text },
    });
    texts.set(path, text);
  };
  for (const a of agentFiles(join(opts.cwd, ".gemini", "agents"), opts.root, opts.show, warn)) {
    if (a.why) notListed(opts.show(a.abs), "subagent", a.name, a.fileBytes, a.why, "invalid");
    else if (acked[a.name] !== createHash("sha256").update(a.text).digest("hex"))
      notListed(
        opts.show(a.abs),
        "subagent",
        a.name,
        a.fileBytes,
        "not acknowledged by the user for its current text (Gemini CLI lists a project agent only after that)",
        "needs-acknowledgment",
      );
    else push(a, true);
  }
  for (const a of agentFiles(join(user.geminiHome, "agents"), user.geminiHome, opts.show, warn))
    if (a.why) notListed(opts.show(a.abs), "subagent", a.name, a.fileBytes, a.why, "invalid");
    else push(a, false);
}

/** A JSON file (comments allowed), or undefined when absent or not JSON. */
function readJson(file: string): unknown {
  const r = readTextFile(file, 4 * 1024 * 1024);
  if (!r.ok || nestsDeeperThan(r.text, MAX_JSON_NESTING)) return undefined;
  const errors: import("jsonc-parser").ParseError[] = [];
  const v = parseJsonc(r.text, errors);
  return errors.length > 0 ? undefined : v;
}

/** Whether `extension-enablement.json` disables an extension for the cwd (its overrides, the last match wins). */
function disabledExtension(enablement: unknown, name: string, cwd: string): boolean {
  const e = (enablement as Record<string, { overrides?: unknown }> | undefined)?.[name];
  if (!e || !Array.isArray(e.overrides)) return false;
  let off = false;
  for (const o of e.overrides) {
    if (typeof o !== "string") continue;
    const neg = o.startsWith("!");
    const pat = neg ? o.slice(1) : o;
    const base = pat.endsWith("*") ? pat.slice(0, -1) : pat;
    if (`${cwd}/`.startsWith(base.endsWith("/") ? base : `${base}/`) || cwd === base) off = neg;
  }
  return off;
}

/** Extensions' context files (user view), sorted by path, de-duplicated. */
function extensions(
  opts: GeminiSourcesOptions,
  user: NonNullable<GeminiSourcesOptions["user"]>,
  items: ContextItem[],
  texts: Map<string, string>,
  warn: Warn,
  loaded: string[],
): void {
  const dir = join(user.geminiHome, "extensions");
  const only = opts.extensionNames?.map((n) => n.trim().toLowerCase());
  if (only?.includes("none")) return;
  if (!statSafe(dir)?.isDirectory()) return;
  const w = walkFiles(dir, {
    maxDepth: 1,
    maxEntries: WALK_MAX_ENTRIES,
    includeFile: (rel, name) =>
      rel.split("/").length === 2 &&
      (name === "gemini-extension.json" || name === ".gemini-extension-install.json"),
  });
  // Depth 1 is the CLI's own glob (`*/SKILL.md`), not a cut.
  for (const p of w.problems)
    if (!(p.kind === "bound" && !p.own))
      warn(
        "walk-stopped",
        opts.show(p.path),
        `${opts.show(p.path)}: ${p.message} (the measurement is incomplete)`,
      );
  const enablement = readJson(join(dir, "extension-enablement.json"));
  const files = new Set<string>();
  const byDir = new Map<string, string>();
  for (const f of w.files) byDir.set(dirname(f.path), dirname(f.path));
  for (const extDir of [...byDir.keys()].sort()) {
    let home = extDir;
    const install = readJson(join(extDir, ".gemini-extension-install.json")) as
      | { type?: unknown; source?: unknown }
      | undefined;
    if (install?.type === "link" && typeof install.source === "string") home = resolve(install.source);
    const manifest = readJson(join(home, "gemini-extension.json")) as
      | { name?: unknown; contextFileName?: unknown }
      | undefined;
    if (!manifest || typeof manifest !== "object") continue;
    const name = typeof manifest.name === "string" ? manifest.name : basename(extDir);
    if (disabledExtension(enablement, name, opts.cwd)) continue;
    if (only && !only.includes(name.toLowerCase())) continue;
    const names =
      manifest.contextFileName === undefined
        ? ["GEMINI.md"]
        : typeof manifest.contextFileName === "string"
          ? [manifest.contextFileName]
          : Array.isArray(manifest.contextFileName)
            ? manifest.contextFileName.filter((x): x is string => typeof x === "string")
            : [];
    for (const n of names) {
      let decoded = n;
      try {
        decoded = decodeURIComponent(n);
      } catch {
        // not URI-encoded
      }
      if (n === "" || isAbsolute(n) || n.includes("..") || decoded.includes("..")) continue;
      const abs = join(home, n);
      if (statSafe(abs)?.isFile()) files.add(abs);
    }
  }
  const seen = new Set<string>();
  for (const abs of [...files].sort()) {
    const real = safeRealpath(abs) ?? abs;
    if (seen.has(real)) continue;
    seen.add(real);
    const f = readContextFile(abs, opts.boundaryMarkers, opts.importFormat);
    if (f.error)
      warn(
        "read-failed",
        opts.show(abs),
        `Gemini CLI cannot read this extension context file and skips it: ${f.error}`,
      );
    if (f.block === null) continue;
    loaded.push(abs);
    const path = opts.show(abs);
    items.push({
      path,
      kind: "extension",
      loadedAt: "launch",
      bytes: Buffer.byteLength(f.block) + Buffer.byteLength(GEMINI_EXTENSION_SEPARATOR),
      fileBytes: f.fileBytes,
      charged: false,
      importedBy: null,
      reason:
        "an installed extension's context file, in the first message's <extension_context>: personal, not charged",
      extra: { list: "extensions", name: basename(dirname(abs)), entry: f.block },
    });
    texts.set(path, f.block);
  }
}
