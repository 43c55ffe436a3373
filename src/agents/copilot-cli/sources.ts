/**
 * What skills, Claude Code commands and custom agents add to Copilot CLI's first request, as items
 * (docs/findings-sources-copilot-cli.md, docs/sources-model-plan.md). Settled against Copilot CLI 1.0.102 by
 * the recorded cases of test/conformance/sources.fixtures.ts, which copilot-sources-model.test.ts runs this
 * model over.
 *
 * - Skills: every `SKILL.md` below `.github/skills`, `.claude/skills` and `.agents/skills` of the cwd and each
 *   ancestor up to the git root (with no git repository: up to `root`), the cwd's skills first, then the
 *   ancestors', each part sorted by name; a name found again is not listed again (any `.github` first, then
 *   `.agents`, then `.claude`, the nearer directory first). Then the user's `~/.copilot/skills` (user view),
 *   then `.claude/commands/*.md` (top level only) of the same directories as commands, named as skills are. Entry `<skill>\n  <name>…</name>\n
 *   <description>ESCAPED</description>\n  <location>project|user</location>\n</skill>`. Dropped: no
 *   frontmatter (skills), YAML that does not parse, `disable-model-invocation: true`, a description over
 *   1,024 characters, `argument-hint` not a string, a name (spaces made `-`) outside `COPILOT_SKILL_NAME`.
 *   The `<available_skills>` block is sent in every session (built-in skills): its header is the CLI's,
 *   not charged.
 * - Custom agents: `.github/agents/**\/*.md` and `.claude/agents/**\/*.md` of the same directories, then the
 *   user's `~/.copilot/agents`, each named by its `name` else its path id (`sub/helper.md` is `sub--helper`);
 *   one per id (any `.github` first, a user agent replacing the repository's), one list sorted by name. Entry
 *   `- **NAME**: DESC` joined by a blank line, and the name in the `task` tool's `agent_type` enum
 *   (`,"NAME"`, counted in the item). Dropped: no frontmatter, no description, `infer: false`, `skills` not a list. The list's header
 *   `\n\nUser-provided custom agents:\n` is sent only once an agent exists: overhead, charged when a
 *   repository agent brings it.
 *
 * User-layer entries are personal, not charged. A dropped entry is an item with `charged: false`, 0 bytes
 * and a `source-not-listed` finding. Walks are bounded and stay inside the repository (the user's folders
 * inside their home): a link out is not followed and the measurement is then incomplete (`walk-stopped`).
 */
import { basename, dirname, join } from "node:path";
import { inside } from "../../fs/paths.js";
import { describeReadFailure, readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import { walkFiles } from "../../fs/walk.js";
import { lazyYaml } from "../../markdown/lazy.js";
import type { ContextItem, Finding, ItemKind, ListOverhead } from "../../model/index.js";

/**
 * The skill names Copilot CLI 1.0.102 lists (after spaces become `-`): ASCII letters and digits, `.`, `_`,
 * `:` and `-`, starting with a letter or digit, at most 64 characters; any other skill is not listed.
 */
export const COPILOT_SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** A skill's name as Copilot lists it: each run of spaces becomes one `-` (`a  b` is `a-b`). */
export function copilotSkillName(name: string): string {
  return name.replace(/ +/g, "-");
}

/** A custom agent's id from its path below the agents folder: folders joined by `--`, `.agent.md`/`.md` cut. */
export function copilotAgentId(rel: string): string {
  return rel
    .split(/[\\/]/)
    .join("--")
    .replace(/(\.agent)?\.md$/, "");
}

/** The separator between skills entries. */
export const COPILOT_SKILLS_SEPARATOR = "\n";
/** The separator between custom agent entries. */
export const COPILOT_AGENTS_SEPARATOR = "\n\n";
/** The custom agents list's header, sent once an agent exists. */
export const COPILOT_AGENTS_HEADER = "\n\nUser-provided custom agents:\n";
/** A skill description longer than this (characters) drops the skill (no cut). */
export const COPILOT_DESCRIPTION_MAX = 1024;
/** Entries one folder's walk visits before it stops (the measurement is then incomplete). */
const WALK_MAX_ENTRIES = 20_000;

export interface CopilotSourcesOptions {
  /** Repository root, real path. */
  root: string;
  /** Working directory, real path. */
  cwd: string;
  /**
   * The directory the walk for skills, commands and agents goes up to (real path): the git root; with no git
   * repository the CLI walks to the file system's root, the model to `root` (it never reads above it).
   */
  gitRoot: string;
  show: (abs: string) => string;
  /** The user view: `~/.copilot` (or `$COPILOT_HOME`). */
  copilotHome?: string;
}

export interface CopilotSourcesResult {
  items: ContextItem[];
  texts: Map<string, string>;
  findings: Finding[];
  overhead: ListOverhead[];
}

type Warn = (ruleId: string, file: string, message: string) => void;

interface Parsed {
  /** Frontmatter fields; undefined when there is no frontmatter block. */
  fields?: Record<string, unknown>;
  yamlError?: string;
  body: string;
}

interface Entry {
  kind: ItemKind;
  name: string;
  abs: string;
  fileBytes: number;
  user: boolean;
  description?: string;
  dropped?: string;
  notListed?: string;
  descriptionFrom?: "frontmatter" | "body";
  frontmatterError?: string;
  /** How many directories above the cwd its folder is (0: the cwd's; undefined: the user's). */
  level?: number;
}

/**
 * `&`, `<`, `>`, `"` and `'` as XML entities, as Copilot writes a skill's name and description (the quotes
 * settled on the corpus: `&quot;grill me&quot;`, `Biome&apos;s`).
 */
export function copilotXmlEscape(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A file's frontmatter block (`---` lines) parsed as YAML, and the body after it. */
function parse(text: string): Parsed {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(t);
  if (!m) return { body: t };
  const body = t.slice(m[0].length);
  try {
    const v = lazyYaml().parse(m[1] as string) as unknown;
    return {
      fields: v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
      body,
    };
  } catch (e) {
    return { fields: {}, yamlError: (e as Error).message.split("\n")[0] ?? "invalid YAML", body };
  }
}

/** The first body line that is not blank and not a heading, trimmed. */
function firstLine(body: string): string | undefined {
  for (const line of body.split(/\r?\n/)) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#")) return t;
  }
  return undefined;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const chars = (s: string): number => [...s].length;

/** Reads a skill or command file as Copilot does. */
function readEntry(
  kind: "skill" | "command",
  abs: string,
  text: string,
  fileBytes: number,
  fallbackName: string,
  user: boolean,
): Entry {
  const p = parse(text);
  const e: Entry = { kind, name: fallbackName, abs, fileBytes, user };
  if (p.fields === undefined && kind === "skill")
    return { ...e, dropped: "no frontmatter", notListed: "no-frontmatter" };
  const f = p.fields ?? {};
  if (p.yamlError !== undefined)
    return {
      ...e,
      dropped: `its frontmatter is not valid YAML (${p.yamlError})`,
      notListed: "unparseable",
      frontmatterError: p.yamlError,
    };
  const name = copilotSkillName(str(f.name)?.trim() || fallbackName);
  const fm = str(f.description)?.trim();
  const description = fm || firstLine(p.body);
  const out: Entry = {
    ...e,
    name,
    ...(description !== undefined ? { description } : {}),
    descriptionFrom: fm ? "frontmatter" : "body",
  };
  if (!COPILOT_SKILL_NAME.test(name))
    return {
      ...out,
      dropped: `its name \`${name}\` is not a name Copilot takes (ASCII letters, digits, \`.\`, \`_\`, \`:\`, \`-\`, starting with a letter or digit, at most 64)`,
      notListed: "bad-name",
    };
  if (f["disable-model-invocation"] === true)
    return { ...out, dropped: "disable-model-invocation: true hides it from the model", notListed: "hidden" };
  if (f["argument-hint"] !== undefined && typeof f["argument-hint"] !== "string")
    return { ...out, dropped: "`argument-hint` is not a string (quote it)", notListed: "wrong-type" };
  if (description === undefined) return { ...out, dropped: "no description", notListed: "no-description" };
  if (chars(description) > COPILOT_DESCRIPTION_MAX)
    return {
      ...out,
      dropped: `its description is ${chars(description)} characters, over Copilot's ${COPILOT_DESCRIPTION_MAX} (dropped, not cut)`,
      notListed: "over-limit",
    };
  return out;
}

/** Reads a custom agent file as Copilot does. */
function readAgent(abs: string, text: string, fileBytes: number, user: boolean, stem: string): Entry {
  const p = parse(text);
  const e: Entry = { kind: "subagent", name: stem, abs, fileBytes, user };
  if (p.fields === undefined) return { ...e, dropped: "no frontmatter", notListed: "no-frontmatter" };
  if (p.yamlError !== undefined)
    return {
      ...e,
      dropped: `its frontmatter is not valid YAML (${p.yamlError})`,
      notListed: "unparseable",
      frontmatterError: p.yamlError,
    };
  const f = p.fields;
  const name = str(f.name)?.trim() || stem;
  const description = str(f.description)?.trim();
  const out: Entry = {
    ...e,
    name,
    ...(description ? { description, descriptionFrom: "frontmatter" as const } : {}),
  };
  if (!description) return { ...out, dropped: "no description", notListed: "no-description" };
  if (f.infer === false)
    return { ...out, dropped: "infer: false hides it from the model", notListed: "hidden" };
  if (f.skills !== undefined && !Array.isArray(f.skills))
    return { ...out, dropped: "`skills` is not a list", notListed: "wrong-type" };
  return out;
}

/** The directories from the cwd up to the git root (inside the repository), cwd first. */
function levels(root: string, cwd: string, gitRoot: string): string[] {
  const top = inside(root, gitRoot) ? gitRoot : root;
  const out: string[] = [];
  for (let d = cwd; ; d = dirname(d)) {
    out.push(d);
    if (d === top || d === dirname(d) || !inside(root, dirname(d))) break;
  }
  return out;
}

/** Files below `dir` whose name passes `want` (as reached; real path inside `boundary`), bounded. */
function walk(
  dir: string,
  boundary: string,
  want: (name: string) => boolean,
  deep: boolean,
  show: (abs: string) => string,
  warn: Warn,
): string[] {
  if (!statSafe(dir)?.isDirectory()) return [];
  const b = safeRealpath(boundary) ?? boundary;
  const real = safeRealpath(dir);
  if (!real || !inside(b, real)) {
    warn(
      "walk-stopped",
      show(dir),
      `${show(dir)}: links to ${real ?? "?"}, outside ${b}; not followed, so what it holds was not counted (the measurement is incomplete)`,
    );
    return [];
  }
  const w = walkFiles(dir, {
    stayInside: b,
    includeFile: (_rel, name) => want(name),
    ...(deep ? {} : { enterDir: () => false }),
    maxEntries: WALK_MAX_ENTRIES,
    dedupeFiles: false,
    onSpecial: (s) =>
      warn(
        "read-failed",
        show(s.path),
        `${show(s.path)}: is a ${s.type}, not a regular file; it was not opened`,
      ),
  });
  for (const p of w.problems)
    warn("walk-stopped", show(p.path), `${show(p.path)}: ${p.message} (the measurement is incomplete)`);
  return w.files.filter((f) => inside(b, f.realPath)).map((f) => f.path);
}

/** Copilot CLI's skills, commands and custom agents for one launch. Never throws for bad files. */
export function copilotSources(opts: CopilotSourcesOptions): CopilotSourcesResult {
  const findings: Finding[] = [];
  const warn: Warn = (ruleId, file, message) => findings.push({ ruleId, severity: "warning", file, message });
  const lv = levels(opts.root, opts.cwd, opts.gitRoot);
  const read = (abs: string): { text: string; fileBytes: number } | undefined => {
    const r = readTextFile(abs);
    if (r.ok) return { text: r.text, fileBytes: r.fileBytes };
    if (r.reason !== "missing") warn("read-failed", opts.show(abs), describeReadFailure(r, opts.show(abs)));
    return undefined;
  };
  const skillsOf = (dirs: string[], boundary: string, user: boolean): Entry[] =>
    dirs.flatMap((d) =>
      walk(d, boundary, (n) => n === "SKILL.md", true, opts.show, warn).flatMap((abs) => {
        const r = read(abs);
        return r ? [readEntry("skill", abs, r.text, r.fileBytes, basename(dirname(abs)), user)] : [];
      }),
    );

  // Skills. Which file of a name is listed: the `.github/skills` of the cwd and of each ancestor (nearest
  // first) before any `.agents/skills`, those before any `.claude/skills`; then the user's; then the commands
  // (nearest first). The order listed: the cwd's skills sorted by name, then the ancestors' sorted by name (the
  // order across directories is not settled: this matches 5 of 8 probes, docs/findings-sources-copilot-cli.md);
  // the user's; the commands likewise, the cwd's then the ancestors'.
  const folderSkills = (f: string) =>
    lv.flatMap((d, level) =>
      skillsOf([join(d, f, "skills")], opts.root, false).map((e) => ({ ...e, level })),
    );
  const projectSkills = [".github", ".agents", ".claude"].flatMap(folderSkills);
  const userSkills = opts.copilotHome
    ? skillsOf([join(opts.copilotHome, "skills")], opts.copilotHome, true)
    : [];
  const commands = lv.flatMap((d, level) =>
    walk(join(d, ".claude", "commands"), opts.root, (n) => n.endsWith(".md"), false, opts.show, warn).flatMap(
      (abs) => {
        const r = read(abs);
        return r
          ? [{ ...readEntry("command", abs, r.text, r.fileBytes, basename(abs, ".md"), false), level }]
          : [];
      },
    ),
  );
  const seen = new Set<string>();
  const unlisted: Entry[] = [];
  /** The entries whose name no earlier entry took (the first of a name wins), listed cwd's first, each part sorted. */
  const take = (group: readonly Entry[]): Entry[] => {
    const now: Entry[] = [];
    for (const e of group)
      if (e.dropped !== undefined) unlisted.push(e);
      else if (seen.has(e.name))
        unlisted.push({ ...e, dropped: "a skill of the same name is listed first", notListed: "duplicate" });
      else {
        seen.add(e.name);
        now.push(e);
      }
    const sorted = now.sort((a, b) => byCodeUnit(a.name, b.name));
    return [...sorted.filter((e) => !e.level), ...sorted.filter((e) => e.level)];
  };
  const skillList = [...take(projectSkills), ...take(userSkills), ...take(commands)];

  // Custom agents: the repository's (`.github` first), then the user's; one sorted list.
  // An agent's id is its path below the agents folder, folders joined by `--` (`sub/helper.agent.md` is
  // `sub--helper`), at any depth, in `.github/agents`, `.claude/agents` and `~/.copilot/agents` alike.
  const agentsIn = (dir: string, boundary: string, user: boolean) =>
    walk(dir, boundary, (n) => n.endsWith(".md"), true, opts.show, warn).map((abs) => ({
      abs,
      user,
      folder: dir,
      id: copilotAgentId(abs.slice(dir.length + 1)),
    }));
  // The `.github/agents` of the cwd and of each ancestor (nearest first) before any `.claude/agents`.
  const agentFiles = [".github", ".claude"].flatMap((f) =>
    lv.flatMap((d) => agentsIn(join(d, f, "agents"), opts.root, false)),
  );
  if (opts.copilotHome)
    agentFiles.push(...agentsIn(join(opts.copilotHome, "agents"), opts.copilotHome, true));
  // Within one agents folder the first file of an id claims it before it is checked (an agent the CLI drops
  // still hides a later file of its id there: `helper.agent.md` sorted before `helper.md`). Across folders
  // only listed agents compete: the repository's first (`.github` first, the nearer directory first), and a
  // user agent replaces a repository agent of its id; a dropped one hides nothing in another folder. Two ids
  // may show one `name`: both are listed.
  const claimed = new Set<string>();
  const agentById = new Map<string, Entry>();
  for (const { abs, user, folder, id } of agentFiles) {
    const r = read(abs);
    if (!r) continue;
    const e = readAgent(abs, r.text, r.fileBytes, user, id);
    const key = `${folder}\u0000${id}`;
    if (claimed.has(key)) {
      unlisted.push(
        e.dropped !== undefined
          ? e
          : { ...e, dropped: `a custom agent \`${id}\` (same path) comes first`, notListed: "duplicate" },
      );
      continue;
    }
    claimed.add(key);
    if (e.dropped !== undefined) {
      unlisted.push(e);
      continue;
    }
    const had = agentById.get(id);
    if (had === undefined) agentById.set(id, e);
    else if (user && !had.user) {
      unlisted.push({
        ...had,
        dropped: `the user's custom agent \`${id}\` replaces it`,
        notListed: "duplicate",
      });
      agentById.set(id, e);
    } else
      unlisted.push({
        ...e,
        dropped: `a custom agent \`${id}\` (same path) comes first`,
        notListed: "duplicate",
      });
  }
  const agentList = [...agentById.values()]
    .filter((e) => e.dropped === undefined)
    .sort((a, b) => byCodeUnit(a.name, b.name));

  const { items, texts } = toItems(skillList, agentList, unlisted, opts.show, findings);
  const overhead: ListOverhead[] = [];
  if (agentList.length > 0) {
    const charged = agentList.some((e) => !e.user);
    overhead.push({
      list: "custom agents",
      kind: "subagent",
      bytes: Buffer.byteLength(COPILOT_AGENTS_HEADER),
      text: COPILOT_AGENTS_HEADER,
      charged,
      why: `the task tool's \`User-provided custom agents:\` header, sent once a custom agent exists${charged ? "" : " (here only the user's agents bring it: not charged)"}`,
    });
  }
  return { items, texts, findings, overhead };
}

/** The listed entries (skills, then agents) and the unlisted ones as items, their texts and findings. */
function toItems(
  skillList: readonly Entry[],
  agentList: readonly Entry[],
  unlisted: readonly Entry[],
  show: (abs: string) => string,
  findings: Finding[],
): { items: ContextItem[]; texts: Map<string, string> } {
  const opts = { show };
  const items: ContextItem[] = [];
  const texts = new Map<string, string>();
  const push = (e: Entry, text: string | undefined, list: "skills" | "agents", extraBytes = "") => {
    const path = opts.show(e.abs);
    const sep = list === "agents" ? COPILOT_AGENTS_SEPARATOR : COPILOT_SKILLS_SEPARATOR;
    const what = list === "agents" ? "the task tool's custom agents" : "the skills list";
    items.push({
      path,
      kind: e.kind,
      loadedAt: "launch",
      bytes:
        text === undefined
          ? 0
          : Buffer.byteLength(text) + Buffer.byteLength(sep) + Buffer.byteLength(extraBytes),
      fileBytes: e.fileBytes,
      charged: text !== undefined && !e.user,
      importedBy: null,
      reason:
        text === undefined
          ? `not listed: ${e.dropped}`
          : e.user
            ? `${e.kind} \`${e.name}\` of the user layer, in ${what}: personal, not charged`
            : `${e.kind} \`${e.name}\`: its entry in ${what}${list === "agents" ? " and its name in the agent_type enum" : " (the body is not sent at launch)"}`,
      extra: {
        list,
        name: e.name,
        ...(text !== undefined ? { entry: text } : {}),
        ...(extraBytes !== "" ? { enum: extraBytes } : {}),
        ...(e.descriptionFrom !== undefined ? { descriptionFrom: e.descriptionFrom } : {}),
        ...(e.description !== undefined ? { descriptionChars: chars(e.description) } : {}),
        ...(e.frontmatterError !== undefined ? { frontmatterError: { message: e.frontmatterError } } : {}),
        ...(e.notListed !== undefined ? { notListed: e.notListed } : {}),
      },
    });
    if (text !== undefined) texts.set(path, text);
    else
      findings.push({
        ruleId: "source-not-listed",
        severity: "info",
        file: path,
        message: `${path}: ${e.kind} not listed by Copilot CLI — ${e.dropped}`,
      });
  };
  for (const e of skillList)
    push(
      e,
      `<skill>\n  <name>${copilotXmlEscape(e.name)}</name>\n  <description>${copilotXmlEscape(e.description as string)}</description>\n  <location>${e.user ? "user" : "project"}</location>\n</skill>`,
      "skills",
    );
  for (const e of agentList)
    push(e, `- **${e.name}**: ${e.description}`, "agents", `,${JSON.stringify(e.name)}`);
  for (const e of unlisted) push(e, undefined, e.kind === "subagent" ? "agents" : "skills");

  return { items, texts };
}
