/**
 * What skills and custom agent roles add to Codex's first request, as items (docs/findings-sources-codex.md,
 * docs/sources-model-plan.md). Settled against Codex 0.171.0 by the recorded cases of
 * test/conformance/sources.fixtures.ts, which codex-sources-model.test.ts runs this model over.
 *
 * - Skills: every `SKILL.md` below `.codex/skills` and `.agents/skills` of the cwd and each ancestor up to
 *   the project root (./skill-file.ts reads one), plus `$CODEX_HOME/skills` and `~/.agents/skills` in the
 *   user view. Entry `- NAME: DESC (file: rN/REL/SKILL.md)`, sorted by name (code points), then path.
 *   The `<skills_instructions>` block is in every session (Codex's own `.system` skills): its header is the
 *   CLI's, not charged. The roots table's lines (`- \`rN\` = \`ABS\``) are absolute paths: each root's line is
 *   the `framingBytes` of its first entry, never charged. Numbering: roots holding a listed skill, in the
 *   order the cwd's (then each ancestor's) `.codex/skills`, `$CODEX_HOME/skills`, `~/.agents/skills`, the
 *   built-in `.system` root (always there), then `.agents/skills` from the project root down to the cwd.
 * - Agent roles (user view): `$CODEX_HOME/agents/*.toml`, and in a trusted project its `.codex/agents/*.toml`
 *   and `[agents.NAME] description` of its `.codex/config.toml`. Entry `NAME: {\nDESC\n}`, sorted by name.
 *   The first role adds the `agent_type` parameter's header and Codex's built-in roles: overhead, charged
 *   when a project role brings it.
 *
 * Each listed entry's `bytes` are its text plus the list's separator (`\n`); user-layer entries are
 * personal, not charged. A skill Codex drops or hides is an item with `charged: false`, 0 bytes and a
 * `source-not-listed` finding. Walks are bounded (src/fs/walk.ts) and stay inside the repository (the
 * user's folders inside HOME): a link out is not followed and the measurement is then incomplete
 * (`walk-stopped`).
 */
import { lstatSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { inside, toPosix } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import { lazyToml } from "../../markdown/lazy.js";
import type { ContextItem, Finding, ListOverhead } from "../../model/index.js";
import {
  CODEX_DESCRIPTION_KEPT,
  CODEX_DESCRIPTION_MAX,
  type CodexSkillFile,
  codePoints,
  codexCutDescription,
  openaiYamlHides,
  readCodexSkill,
} from "./skill-file.js";

/** The separator between the entries of the skills list and of the roles list. */
export const CODEX_LIST_SEPARATOR = "\n";
/** The `agent_type` parameter's header, sent once a custom role exists. */
export const CODEX_ROLES_HEADER =
  "Agent type override for the new agent. Omit unless explicitly asked. The selected role applies regardless of how much parent history is inherited.\nAvailable roles:\n";
/** Bytes of Codex 0.171.0's built-in roles (`default`, `explorer`, `worker`) in that list. */
export const CODEX_BUILTIN_ROLES_BYTES = 2096;
/** Entries one skills folder may hold before its walk stops (the measurement is then incomplete). */
const SKILL_WALK_MAX_ENTRIES = 20_000;

export interface CodexSourcesOptions {
  /** Repository root, real path. */
  root: string;
  /** Working directory, real path. */
  cwd: string;
  /** The project root Codex settled on (null: the cwd alone). */
  projectRoot: string | null;
  /** Display path of an absolute path (relative inside the root). */
  show: (abs: string) => string;
  /** The user view: `$CODEX_HOME`, HOME, and whether (and from which directory) the project is trusted. */
  user?: { codexHome: string; home: string; trustedFrom: string | null };
}

export interface CodexSourcesResult {
  /** Skills (listed ones in the CLI's order, then the dropped ones), then agent roles. */
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  overhead: ListOverhead[];
}

/** One skills folder Codex reads. */
interface SkillRoot {
  /** Absolute folder path (null: Codex's built-in `.system` root). */
  dir: string | null;
  user: boolean;
  /** The folder a walk of it stays inside (the repository; for the user's folders, their home). */
  boundary: string;
}

interface SkillEntry {
  abs: string;
  root: number;
  /** Path of the SKILL.md below its root, POSIX. */
  rel: string;
  fileBytes: number;
  user: boolean;
  file: CodexSkillFile;
  hidden?: string;
}

/** Code-point order (Rust's `str` order), by UTF-8 bytes. */
const byCodePoint = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The directories from the cwd up to the project root (inside the repository), nearest first. */
function levels(root: string, cwd: string, projectRoot: string | null): string[] {
  const top =
    projectRoot !== null && inside(root, projectRoot) ? projectRoot : projectRoot === null ? cwd : root;
  const out: string[] = [];
  for (let d = cwd; ; d = dirname(d)) {
    out.push(d);
    if (d === top || d === dirname(d) || !inside(root, dirname(d))) break;
  }
  return out;
}

/**
 * How far a walk of `$CODEX_HOME/skills` may follow links (docs/security.md, "The user's own links"): a
 * `$CODEX_HOME` inside the repository is the repository's (its links stay inside it, as every repository
 * link); one inside the user's home may link anywhere in that home (a skill kept in a dotfiles checkout);
 * any other stays inside itself. A link past that bound is not followed: the measurement is incomplete.
 */
function codexHomeBoundary(root: string, user: { codexHome: string; home: string }): string {
  const codexHome = safeRealpath(user.codexHome) ?? user.codexHome;
  if (inside(root, codexHome)) return root;
  const home = safeRealpath(user.home) ?? user.home;
  return inside(home, codexHome) ? user.home : user.codexHome;
}

/** The folders Codex reads skills from, in its numbering order. */
function skillRoots(opts: CodexSourcesOptions): SkillRoot[] {
  const lv = levels(opts.root, opts.cwd, opts.projectRoot);
  return [
    ...lv.map((d) => ({ dir: join(d, ".codex", "skills"), user: false, boundary: opts.root })),
    ...(opts.user
      ? [
          {
            dir: join(opts.user.codexHome, "skills"),
            user: true,
            boundary: codexHomeBoundary(opts.root, opts.user),
          },
          { dir: join(opts.user.home, ".agents", "skills"), user: true, boundary: opts.user.home },
        ]
      : []),
    { dir: null, user: false, boundary: opts.root },
    ...[...lv]
      .reverse()
      .map((d) => ({ dir: join(d, ".agents", "skills"), user: false, boundary: opts.root })),
  ];
}

/** Skill paths `[[skills.config]] enabled = false` disables in `$CODEX_HOME/config.toml` (user view). */
function disabledSkills(codexHome: string): Set<string> {
  const out = new Set<string>();
  const r = readTextFile(join(codexHome, "config.toml"));
  if (!r.ok) return out;
  try {
    const cfg = lazyToml().parse(r.text) as { skills?: { config?: unknown } };
    const list = cfg.skills?.config;
    if (Array.isArray(list))
      for (const e of list as { path?: unknown; enabled?: unknown }[])
        if (e && typeof e.path === "string" && e.enabled === false) out.add(resolve(e.path));
  } catch {
    // a malformed config.toml: the chain's loader reports it (codex-config)
  }
  return out;
}

/** Codex's skills and agent roles for one launch. Never throws for bad files: they become findings. */
export function codexSources(opts: CodexSourcesOptions): CodexSourcesResult {
  const findings: Finding[] = [];
  const warn = (ruleId: string, file: string, message: string) =>
    findings.push({ ruleId, severity: "warning", file, message });
  const roots = skillRoots(opts);
  const disabled = opts.user ? disabledSkills(opts.user.codexHome) : new Set<string>();
  const entries: SkillEntry[] = [];

  roots.forEach((root, index) => {
    if (root.dir === null) return;
    const boundary = root.boundary;
    const found = walkSkills(root.dir, boundary, opts.show, warn);
    // `$CODEX_HOME/skills/.system` holds Codex's own skills (it installs them there at launch): a root of
    // their own, the CLI's overhead, not the user's (fuzz seed cx:0).
    const own = opts.user && root.dir === join(opts.user.codexHome, "skills") ? ".system/" : null;
    for (const f of found) {
      if (own !== null && f.rel.startsWith(own)) continue;
      const r = readTextFile(f.abs);
      if (!r.ok) {
        if (r.reason !== "missing")
          warn("read-failed", opts.show(f.abs), describeReadFailure(r, opts.show(f.abs)));
        continue;
      }
      // Without a frontmatter name, the folder's real name (a linked folder: its target's; fuzz cx300:147).
      const file = readCodexSkill(r.text, basename(dirname(f.real)));
      const e: SkillEntry = {
        abs: f.abs,
        root: index,
        rel: f.rel,
        fileBytes: r.fileBytes,
        user: root.user,
        file,
      };
      const yaml = join(dirname(f.abs), "agents", "openai.yaml");
      const y = readInside(yaml, boundary);
      if (y !== undefined && openaiYamlHides(y))
        e.hidden = "hidden by agents/openai.yaml (policy.allow_implicit_invocation: false)";
      else if (disabled.has(f.abs) || disabled.has(f.real))
        e.hidden = "disabled by [[skills.config]] enabled = false in $CODEX_HOME/config.toml";
      entries.push(e);
    }
  });

  const listed = entries
    .filter((e) => e.file.dropped === undefined && e.hidden === undefined)
    .sort(
      // The repository's skills before the user's, each by name (fuzz seeds cx:5, cx:7).
      (a, b) =>
        Number(a.user) - Number(b.user) || byCodePoint(a.file.name, b.file.name) || byCodePoint(a.abs, b.abs),
    );
  // Roots numbered among those holding a listed skill (the built-in root always does).
  const used = new Set(listed.map((e) => e.root));
  const ids = new Map<number, string>();
  roots.forEach((r, i) => {
    if (r.dir === null || used.has(i)) ids.set(i, `r${ids.size}`);
  });

  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const framed = new Set<number>();
  for (const e of listed) {
    const id = ids.get(e.root) as string;
    const description = e.file.description as string;
    const text = `- ${e.file.name}: ${codexCutDescription(description)} (file: ${id}/${e.rel})`;
    const rootLine = `- \`${id}\` = \`${toPosix(roots[e.root]?.dir as string)}\``;
    const first = !framed.has(e.root);
    framed.add(e.root);
    const path = opts.show(e.abs);
    const chars = codePoints(description);
    items.push({
      path,
      kind: "skill",
      loadedAt: "launch",
      bytes: Buffer.byteLength(text) + Buffer.byteLength(CODEX_LIST_SEPARATOR),
      fileBytes: e.fileBytes,
      charged: !e.user,
      importedBy: null,
      reason: e.user
        ? `skill \`${e.file.name}\` of the user layer, in the skills list: personal, not charged`
        : `skill \`${e.file.name}\`: its entry in the skills list (the body is not sent at launch)`,
      ...(first ? { framingBytes: Buffer.byteLength(rootLine) + 1 } : {}),
      extra: {
        list: "skills",
        name: e.file.name,
        entry: text,
        ...(first ? { rootLine } : {}),
        ...facts(e.file, chars),
      },
    });
    texts.set(path, text);
  }
  for (const e of entries.filter((x) => !listed.includes(x))) {
    const path = opts.show(e.abs);
    const why = e.hidden ?? droppedWhy(e.file);
    items.push({
      path,
      kind: "skill",
      loadedAt: "launch",
      bytes: 0,
      fileBytes: e.fileBytes,
      charged: false,
      importedBy: null,
      reason: `not listed: ${why}`,
      extra: {
        list: "skills",
        name: e.file.name,
        notListed: e.hidden !== undefined ? "hidden" : e.file.dropped,
        ...facts(e.file, e.file.description === undefined ? 0 : codePoints(e.file.description)),
      },
    });
    findings.push({
      ruleId: "source-not-listed",
      severity: "info",
      file: path,
      message: `${path}: skill not listed by Codex — ${why}`,
    });
  }

  const overhead: ListOverhead[] = [];
  if (opts.user) {
    const roles = codexRoles(opts, opts.user, warn);
    items.push(...roles.items);
    for (const [p, t] of roles.texts) texts.set(p, t);
    if (roles.items.length > 0) {
      const charged = roles.items.some((i) => i.charged);
      overhead.push({
        list: "agent roles",
        kind: "subagent",
        bytes: Buffer.byteLength(CODEX_ROLES_HEADER) + CODEX_BUILTIN_ROLES_BYTES,
        charged,
        why: `the spawn_agent tool's agent_type header and Codex's built-in roles, sent once a custom role exists${charged ? "" : " (here only the user's roles bring them: not charged)"}`,
      });
    }
  }
  return { items, texts, findings, overhead };
}

/** What lint reads from a skill item's `extra` (never re-reading the file). */
function facts(f: CodexSkillFile, chars: number): Record<string, unknown> {
  return {
    descriptionFrom: "frontmatter",
    descriptionChars: chars,
    ...(chars > CODEX_DESCRIPTION_MAX
      ? { cutAt: CODEX_DESCRIPTION_MAX, keptChars: CODEX_DESCRIPTION_KEPT }
      : {}),
    ...(f.frontmatterName !== undefined ? { frontmatterName: f.frontmatterName } : {}),
    ...(f.frontmatterError !== undefined ? { frontmatterError: { message: f.frontmatterError } } : {}),
  };
}

function droppedWhy(f: CodexSkillFile): string {
  switch (f.dropped) {
    case "no-frontmatter":
      return "no frontmatter (Codex needs a `---` block with `description`)";
    case "name-too-long":
      return `its name is ${codePoints(f.name)} characters, over Codex's 64`;
    default:
      return "no `description` (or an empty one)";
  }
}

/** A file's text when its real path lies inside `boundary` (a link out is never read), else undefined. */
function readInside(abs: string, boundary: string): string | undefined {
  const real = safeRealpath(abs);
  const b = safeRealpath(boundary) ?? boundary;
  if (!real || !inside(b, real) || !statSafe(real)?.isFile()) return undefined;
  const r = readTextFile(abs);
  return r.ok ? r.text : undefined;
}

/** The SKILL.md files below a skills folder (as reached, and their real paths), bounded, inside `boundary`. */
function walkSkills(
  dir: string,
  boundary: string,
  show: (abs: string) => string,
  warn: (ruleId: string, file: string, message: string) => void,
): { abs: string; real: string; rel: string }[] {
  const st = statSafe(dir);
  if (!st?.isDirectory()) return [];
  const b = safeRealpath(boundary) ?? boundary;
  const real = safeRealpath(dir);
  if (!real || !inside(b, real)) {
    warn(
      "walk-stopped",
      show(dir),
      `${show(dir)}: links to ${real ?? "?"}, outside ${b}; not followed, so the skills it holds were not counted (the measurement is incomplete)`,
    );
    return [];
  }
  const w = walkFiles(dir, {
    stayInside: b,
    includeFile: (_rel, name) => name === "SKILL.md",
    maxEntries: SKILL_WALK_MAX_ENTRIES,
    dedupeFiles: false,
    onSpecial: (s) =>
      warn(
        "read-failed",
        show(s.path),
        `${show(s.path)}: is a ${s.type}, not a regular file; it was not opened`,
      ),
  });
  for (const p of w.problems)
    warn(
      "walk-stopped",
      show(p.path),
      `${show(p.path)}: ${p.message} (the skills measurement is incomplete)`,
    );
  // A SKILL.md that is itself a link is not listed (linked folders are followed; fuzz seed cx:19).
  return w.files
    .filter((f) => inside(b, f.realPath) && !isLink(f.path))
    .map((f) => ({ abs: f.path, real: f.realPath, rel: f.rel }));
}

/** One custom role: its name, description and file. */
interface Role {
  name: string;
  description: string;
  file: string;
  fileBytes: number;
  user: boolean;
}

/** Codex's custom agent roles (user view): the user's, and a trusted project's. */
function codexRoles(
  opts: CodexSourcesOptions,
  user: NonNullable<CodexSourcesOptions["user"]>,
  warn: (ruleId: string, file: string, message: string) => void,
): { items: ContextItem[]; texts: Map<string, string> } {
  const byName = new Map<string, Role>();
  const add = (r: Role) => {
    const had = byName.get(r.name);
    if (!had || had.user || !r.user) byName.set(r.name, r);
  };
  for (const r of roleFiles(join(user.codexHome, "agents"), true, user.codexHome, opts.show, warn)) add(r);
  if (user.trustedFrom !== null) {
    const down = levels(opts.root, opts.cwd, opts.projectRoot).reverse();
    const from = down.indexOf(user.trustedFrom);
    for (const d of from >= 0 ? down.slice(from) : down) {
      for (const r of roleFiles(join(d, ".codex", "agents"), false, opts.root, opts.show, warn)) add(r);
      for (const r of configRoles(join(d, ".codex", "config.toml"), opts.root)) add(r);
    }
  }
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const roles = [...byName.values()].sort((a, b) => byCodePoint(a.name, b.name));
  for (const r of roles) {
    const text = `${r.name}: {\n${r.description}\n}`;
    // Roles from one config.toml share its path: the item's path names the role.
    const path = r.file.endsWith("config.toml") ? `${opts.show(r.file)}#agents.${r.name}` : opts.show(r.file);
    items.push({
      path,
      kind: "subagent",
      loadedAt: "launch",
      bytes: Buffer.byteLength(text) + Buffer.byteLength(CODEX_LIST_SEPARATOR),
      fileBytes: r.fileBytes,
      charged: !r.user,
      importedBy: null,
      reason: r.user
        ? `agent role \`${r.name}\` of the user layer, in the spawn_agent tool: personal, not charged`
        : `agent role \`${r.name}\`: its entry in the spawn_agent tool's agent_type parameter`,
      extra: { list: "agent-roles", name: r.name, entry: text },
    });
    texts.set(path, text);
  }
  return { items, texts };
}

/** The `*.toml` roles of an agents folder (`name`, else the file's name; `description` required). */
function roleFiles(
  dir: string,
  user: boolean,
  boundary: string,
  show: (abs: string) => string,
  warn: (ruleId: string, file: string, message: string) => void,
): Role[] {
  if (!statSafe(dir)?.isDirectory()) return [];
  const b = safeRealpath(boundary) ?? boundary;
  const w = walkFiles(dir, {
    stayInside: b,
    enterDir: () => false,
    maxEntries: SKILL_WALK_MAX_ENTRIES,
    includeFile: (_rel, name) => name.endsWith(".toml"),
  });
  for (const p of w.problems) warn("walk-stopped", show(p.path), `${show(p.path)}: ${p.message}`);
  const out: Role[] = [];
  for (const f of w.files) {
    if (!inside(b, f.realPath)) continue;
    const r = readTextFile(f.path);
    if (!r.ok) continue;
    try {
      const t = lazyToml().parse(r.text) as { name?: unknown; description?: unknown };
      if (typeof t.description !== "string" || t.description === "") continue;
      const name = typeof t.name === "string" && t.name !== "" ? t.name : basename(f.path, ".toml");
      out.push({ name, description: t.description, file: f.path, fileBytes: r.fileBytes, user });
    } catch {
      warn("codex-config", show(f.path), `${show(f.path)}: not valid TOML; Codex does not load this role`);
    }
  }
  return out;
}

/** `[agents.NAME] description` of a trusted project's `.codex/config.toml`. */
function configRoles(file: string, root: string): Role[] {
  const text = readInside(file, root);
  if (text === undefined) return [];
  try {
    const cfg = lazyToml().parse(text) as { agents?: Record<string, { description?: unknown }> };
    return Object.entries(cfg.agents ?? {}).flatMap(([name, v]) =>
      v && typeof v.description === "string" && v.description !== ""
        ? [{ name, description: v.description, file, fileBytes: Buffer.byteLength(text), user: false }]
        : [],
    );
  } catch {
    return []; // the chain's loader reports a malformed project config (codex-config)
  }
}

/** True when `abs` is a symbolic link (lstat). */
function isLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}
