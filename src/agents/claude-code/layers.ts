/**
 * Everything outside the repository's own files that changes Claude Code's launch set, resolved once per
 * launch into {@link ClaudeLayers}: settings (`claudeMdExcludes`, the AGENTS.md plugin's `instructionFiles`
 * mode), environment switches, the user layer (`$CLAUDE_CONFIG_DIR/CLAUDE.md` and `rules/`), the
 * per-project approval of external imports, and `--add-dir`. Settled against Claude Code 2.1.332
 * (docs/findings-claude-settings.md, test/conformance/claude-layers.test.ts).
 *
 * Two views (src/model/snapshot.ts): the fresh-clone view reads only what a clone of the repository holds
 * (the committed `.claude/settings.json` of the working directory) and the default environment; it never
 * reads the home directory. The user view adds this machine's settings, user memory, approvals and
 * environment, and lists each one it used in `applied`.
 */
import { homedir } from "node:os";
import { dirname, join, parse, resolve } from "node:path";
import picomatch from "picomatch";
import { readTextFile, safeRealpath, statSafe } from "../../fs/read.js";
import type { AppliedSource, Finding, LaunchOptions, View } from "../../model/index.js";
import { claudeRelease } from "./release.js";

/**
 * The AGENTS.md plugin's modes (setting `pluginConfigs["cc-plugin-agents-md@builtin"].options.instructionFiles`):
 * - `claude-md-or-agents-md` (default): AGENTS.md loads only where no CLAUDE file gives text;
 * - `claude-md-and-agents-md`: AGENTS.md loads beside CLAUDE.md, after each directory's own files;
 * - `claude-md`: AGENTS.md never loads;
 * - `managed-only`: no user, project or local instructions load at all (only managed and auto-memory).
 */
export type InstructionFilesMode =
  | "claude-md-or-agents-md"
  | "claude-md-and-agents-md"
  | "claude-md"
  | "managed-only";

export const INSTRUCTION_FILES_MODES: readonly InstructionFilesMode[] = [
  "claude-md-or-agents-md",
  "claude-md-and-agents-md",
  "claude-md",
  "managed-only",
];

/** The built-in plugin whose `instructionFiles` option selects the mode (2.1.332). */
export const AGENTS_MD_PLUGIN_ID = "cc-plugin-agents-md@builtin";

/** The legacy `projectInstructions` values and the mode each reads as (honoured when `instructionFiles` is unset). */
const LEGACY_MODES: Record<string, InstructionFilesMode> = {
  none: "managed-only",
  claude: "claude-md",
  "agents-fallback": "claude-md-or-agents-md",
  both: "claude-md-and-agents-md",
};

/** Where a memory file sits, as the CLI types it (`claudeMdExcludes` applies to these three only). */
export type MemoryLayer = "User" | "Project" | "Local";

/** What the launch loader needs beyond the repository, resolved for one launch. */
export interface ClaudeLayers {
  view: View;
  /** The AGENTS.md mode in force. */
  mode: InstructionFilesMode;
  /** No instruction file loads at launch (CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_SIMPLE, managed-only). */
  nothingLoads: boolean;
  /**
   * Nothing attaches on read either (CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_SIMPLE). Not so in the
   * managed-only mode, which filters the launch set only: nested memory, nested rules and scoped rules (the
   * user's too) still attach on read (2.1.332; found by the differential test, seeds h332:43, 342, 404, 456).
   */
  nothingLoadsOnRead: boolean;
  /** Nothing attaches on read (CLAUDE_CODE_DISABLE_ATTACHMENTS); the launch set is unchanged. */
  nothingAttaches: boolean;

  /** True when the absolute path is excluded by `claudeMdExcludes` (picomatch, `dot: true`). */
  excluded(absPath: string, layer: MemoryLayer): boolean;
  /** The user layer's directory ($CLAUDE_CONFIG_DIR, default ~/.claude); user view only. */
  userDir?: string;
  /** Home for `~/` imports. */
  home: string;
  /** Imports outside the working directory load (the project's approval in ~/.claude.json). */
  externalImportsApproved: boolean;
  /** Added directories whose memory loads (`--add-dir` with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD). */
  addDirs: string[];
  /** Every `--add-dir` directory: their skills, commands and subagents are listed with or without the variable. */
  addedDirs?: string[];
  /** Sources applied, for `Snapshot.applied` (the loader appends the effects it measured). */
  applied: AppliedSource[];
  /** Problems met reading settings (a file that is not JSON, a value of the wrong type). */
  findings: Finding[];
  /** The settings files read, least specific first (user, project, local): for the sources' keys (./sources.ts). */
  settings?: readonly { shown: string; json: unknown }[];
  /** `SLASH_COMMAND_TOOL_CHAR_BUDGET` of the user view's environment: the skills list's budget (./sources.ts). */
  listingBudgetEnv?: string;
}

/** The CLI's truthiness for its boolean variables ("1", "true", "yes", "on", any case, trimmed). */
export function envTruthy(v: string | undefined): boolean {
  return v !== undefined && ["1", "true", "yes", "on"].includes(v.trim().toLowerCase());
}

/** The user layer's directory: `$CLAUDE_CONFIG_DIR` when set and not empty, else `~/.claude`. */
export function claudeConfigDir(home: string, env: Readonly<Record<string, string | undefined>>): string {
  const d = env.CLAUDE_CONFIG_DIR;
  return d ? resolve(d) : join(home, ".claude");
}

/**
 * The global config file holding per-project state (approvals): `$CLAUDE_CONFIG_DIR/.claude.json` when the
 * variable is set, else `~/.claude.json`.
 */
export function claudeGlobalConfigFile(
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const d = env.CLAUDE_CONFIG_DIR;
  return d ? join(resolve(d), ".claude.json") : join(home, ".claude.json");
}

interface SettingsFile {
  path: string;
  /** `from` shown in `applied`. */
  shown: string;
  // biome-ignore lint/suspicious/noExplicitAny: settings JSON
  json: any;
}

/** Reads a settings file; absent → undefined; not JSON → a finding naming the file. */
function readSettings(path: string, shown: string, findings: Finding[]): SettingsFile | undefined {
  const st = statSafe(path);
  if (!st?.isFile()) return undefined;
  const r = readTextFile(path, 4 * 1024 * 1024);
  if (!r.ok) {
    findings.push({
      ruleId: "settings-unreadable",
      severity: "warning",
      file: shown,
      message: `${shown}: could not be read (${r.reason}); its settings are not applied`,
    });
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(r.text);
  } catch {
    json = undefined;
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    findings.push({
      ruleId: "settings-invalid",
      severity: "warning",
      file: shown,
      message: `${shown}: not a JSON object; Claude Code ignores it, and so does this model`,
      help: "fix the JSON (e.g. `node -e 'JSON.parse(require(\"fs\").readFileSync(process.argv[1]))' FILE`)",
    });
    return undefined;
  }
  return { path, shown, json };
}

/**
 * The patterns, plus for each absolute one whose directory part runs through a link the same pattern on
 * the real directory (as the CLI does: `/repo/link/CLAUDE.md` also excludes `/repo/real/CLAUDE.md`).
 */
function withRealPrefixes(patterns: string[]): string[] {
  const out = [...patterns];
  for (const p of patterns) {
    if (!p.startsWith("/")) continue;
    const g = p.search(/[*?{[]/);
    const dir = dirname(g === -1 ? p : p.slice(0, g));
    const real = safeRealpath(dir);
    if (real !== undefined && real !== dir) out.push(real + p.slice(dir.length));
  }
  return out;
}

/** The nearest directory at or above `cwd` holding `.git` (file or directory), else `cwd`. */
function projectConfigKey(cwd: string): string {
  for (let d = cwd; ; ) {
    if (statSafe(join(d, ".git"))) return d;
    const up = dirname(d);
    if (up === d || d === parse(d).root) return cwd;
    d = up;
  }
}

function modeOf(settings: SettingsFile | undefined): {
  mode?: InstructionFilesMode;
  raw?: string;
  legacy?: boolean;
} {
  const options = settings?.json?.pluginConfigs?.[AGENTS_MD_PLUGIN_ID]?.options;
  if (!options || typeof options !== "object") return {};
  const v = options.instructionFiles;
  const legacy = options.projectInstructions;
  // An unknown value reads as the default; the legacy key is honoured only when the new one is the default.
  const mode = INSTRUCTION_FILES_MODES.find((m) => m === v);
  if (mode !== undefined && mode !== "claude-md-or-agents-md") return { mode, raw: String(v) };
  if (typeof legacy === "string" && LEGACY_MODES[legacy] !== undefined)
    return { mode: LEGACY_MODES[legacy], raw: legacy, legacy: true };
  return v === undefined ? {} : { mode: "claude-md-or-agents-md", raw: String(v) };
}

const MODE_EFFECT: Record<InstructionFilesMode, string> = {
  "claude-md-or-agents-md": "AGENTS.md loads only where no CLAUDE file gives text (the default)",
  "claude-md-and-agents-md": "AGENTS.md loads beside CLAUDE.md at every level",
  "claude-md": "AGENTS.md never loads",
  "managed-only": "no user, project or local instruction file loads",
};

/**
 * Resolves the layers of one launch. Never throws: an unreadable or invalid settings file becomes a finding
 * and is ignored. The fresh-clone view reads only `<cwd>/.claude/settings.json` (committed with the
 * repository); the user view also reads `<cwd>/.claude/settings.local.json`, `$CLAUDE_CONFIG_DIR/settings.json`,
 * `.claude.json` and the environment in `opts.user`. Verified on Claude Code 2.1.332.
 * @param cwd the launch directory's real path
 */
export function resolveClaudeLayers(opts: LaunchOptions, cwd: string): ClaudeLayers {
  const view: View = opts.view === "user" && opts.user ? "user" : "fresh-clone";
  const user = view === "user" ? opts.user : undefined;
  const env = user?.env ?? {};
  const home = user?.home ?? homedir();
  const found: Found = { applied: [], findings: [] };
  const settings = readSettingsSources(cwd, user ? { home, env } : undefined, found);
  const excluded = claudeMdExcludes(settings, found);
  const mode = agentsMdMode(opts.release, settings, found);
  const switches = environmentSwitches(env, found);
  const externalImportsApproved = user ? externalImportsApprovedFor(cwd, home, env, found) : false;
  const addDirs = addedDirectories(opts.addDirs ?? [], env, found);
  return {
    view,
    mode,
    nothingLoads: mode === "managed-only" || switches.nothingLoads,
    nothingLoadsOnRead: switches.nothingLoads,
    nothingAttaches: switches.nothingAttaches,
    excluded,
    ...(settings.userDir ? { userDir: settings.userDir } : {}),
    home,
    externalImportsApproved,
    addDirs,
    ...(opts.addDirs && opts.addDirs.length > 0 ? { addedDirs: opts.addDirs.map((d) => resolve(d)) } : {}),
    applied: found.applied,
    findings: found.findings,
    settings: [settings.user, settings.project, settings.local].flatMap((s) =>
      s ? [{ shown: s.shown, json: s.json }] : [],
    ),
    ...(env.SLASH_COMMAND_TOOL_CHAR_BUDGET !== undefined
      ? { listingBudgetEnv: env.SLASH_COMMAND_TOOL_CHAR_BUDGET }
      : {}),
  };
}

/** What resolving the layers applied and met, in the order it was read. */
interface Found {
  applied: AppliedSource[];
  findings: Finding[];
}

/** The settings files a launch reads, by source (absent when the view does not read it or it is not there). */
interface SettingsSources {
  project: SettingsFile | undefined;
  local: SettingsFile | undefined;
  user: SettingsFile | undefined;
  /** The user layer's directory (user view). */
  userDir: string | undefined;
}

/**
 * The project settings (the working directory's own `.claude/`, not the git root's) and, in the user view,
 * the local and the user settings.
 */
function readSettingsSources(
  cwd: string,
  user: { home: string; env: Readonly<Record<string, string | undefined>> } | undefined,
  found: Found,
): SettingsSources {
  const shownCwd = (p: string) => (p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p);
  const project = readSettings(
    join(cwd, ".claude", "settings.json"),
    shownCwd(join(cwd, ".claude", "settings.json")),
    found.findings,
  );
  const local = user
    ? readSettings(
        join(cwd, ".claude", "settings.local.json"),
        shownCwd(join(cwd, ".claude", "settings.local.json")),
        found.findings,
      )
    : undefined;
  const userDir = user ? claudeConfigDir(user.home, user.env) : undefined;
  const userSettings = userDir
    ? readSettings(join(userDir, "settings.json"), join(userDir, "settings.json"), found.findings)
    : undefined;
  return { project, local, user: userSettings, userDir };
}

/** claudeMdExcludes: every source's list, joined (user, project, local), as one test of an absolute path. */
function claudeMdExcludes(settings: SettingsSources, found: Found): ClaudeLayers["excluded"] {
  const patterns: string[] = [];
  for (const s of [settings.user, settings.project, settings.local]) {
    const list = s?.json?.claudeMdExcludes;
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((p) => typeof p !== "string")) {
      found.findings.push({
        ruleId: "settings-invalid",
        severity: "warning",
        file: s?.shown ?? "",
        message: `${s?.shown}: claudeMdExcludes is not a list of strings; ignored`,
        help: 'make "claudeMdExcludes" a list of glob strings, e.g. ["**/legacy/CLAUDE.md"], or remove it',
      });
      continue;
    }
    const ps = (list as string[]).map((p) => p.replaceAll("\\", "/")).filter((p) => p.length > 0);
    if (ps.length === 0) continue;
    patterns.push(...ps);
    found.applied.push({
      kind: "setting",
      name: "claudeMdExcludes",
      value: JSON.stringify(ps),
      from: s?.shown ?? "",
      effect: "excludes matching CLAUDE.md, rule, CLAUDE.local.md and AGENTS.md files (absolute paths)",
    });
  }
  let matcher: ((p: string) => boolean) | undefined;
  try {
    matcher = patterns.length > 0 ? picomatch(withRealPrefixes(patterns), { dot: true }) : undefined;
  } catch (e) {
    // picomatch refuses a pattern (one over 65,536 characters): no exclusion can be modelled.
    found.findings.push({
      ruleId: "file-unreadable",
      severity: "warning",
      file: found.applied.find((a) => a.name === "claudeMdExcludes")?.from ?? ".claude/settings.json",
      message: `claudeMdExcludes holds a pattern the glob matcher refuses (${String((e as Error).message)}); the launch is measured without exclusions`,
      help: "shorten or remove the pattern",
    });
  }
  return (abs: string, _layer: MemoryLayer) => matcher?.(abs.replaceAll("\\", "/")) ?? false;
}

/**
 * The AGENTS.md mode: from the user settings only (project and local settings are not read for plugin
 * options, which a finding says), and only on a release with the AGENTS.md plugin.
 */
function agentsMdMode(
  release: string | undefined,
  settings: SettingsSources,
  found: Found,
): InstructionFilesMode {
  let mode: InstructionFilesMode = "claude-md-or-agents-md";
  const behaviour = claudeRelease(release);
  const userSettings = settings.user;
  const m = modeOf(userSettings);
  if (m.mode !== undefined && userSettings && !behaviour.agentsMdPluginOptions)
    found.findings.push({
      ruleId: "settings-not-read",
      severity: "info",
      file: userSettings.shown,
      message: `pluginConfigs["${AGENTS_MD_PLUGIN_ID}"].options has no effect on Claude Code ${behaviour.release}: it has no AGENTS.md plugin`,
      help: `the mode applies from Claude Code ${claudeRelease().release}; on ${behaviour.release} every instruction file loads as without it`,
    });
  else if (m.mode !== undefined && userSettings) {
    mode = m.mode;
    found.applied.push({
      kind: "setting",
      name: m.legacy
        ? `pluginConfigs["${AGENTS_MD_PLUGIN_ID}"].options.projectInstructions`
        : `pluginConfigs["${AGENTS_MD_PLUGIN_ID}"].options.instructionFiles`,
      value: m.raw ?? mode,
      from: userSettings.shown,
      effect: m.raw === mode || m.legacy ? MODE_EFFECT[mode] : `not a known mode: ${MODE_EFFECT[mode]}`,
    });
  }
  const { project, local } = settings;
  const projectMode = modeOf(project).mode ?? modeOf(local).mode;
  if (projectMode !== undefined)
    found.findings.push({
      ruleId: "settings-not-read",
      severity: "info",
      file: project && modeOf(project).mode ? project.shown : (local?.shown ?? ""),
      message: `pluginConfigs["${AGENTS_MD_PLUGIN_ID}"].options is not read from project settings; Claude Code keeps its default mode`,
      help: "set it in the user settings ($CLAUDE_CONFIG_DIR/settings.json) or pass it with --settings",
    });
  return mode;
}

/**
 * The environment switches: CLAUDE_CODE_DISABLE_CLAUDE_MDS and CLAUDE_CODE_SIMPLE (no instruction file
 * loads, at launch or on read) and CLAUDE_CODE_DISABLE_ATTACHMENTS (nothing attaches on read).
 */
function environmentSwitches(
  env: Readonly<Record<string, string | undefined>>,
  found: Found,
): { nothingLoads: boolean; nothingAttaches: boolean } {
  let nothingLoads = false;
  for (const name of ["CLAUDE_CODE_DISABLE_CLAUDE_MDS", "CLAUDE_CODE_SIMPLE"]) {
    const v = env[name];
    if (envTruthy(v)) {
      nothingLoads = true;
      found.applied.push({ kind: "env", name, value: v, effect: "no instruction file loads" });
    }
  }
  const attachVar = env.CLAUDE_CODE_DISABLE_ATTACHMENTS;
  const nothingAttaches = envTruthy(attachVar);
  if (nothingAttaches)
    found.applied.push({
      kind: "env",
      name: "CLAUDE_CODE_DISABLE_ATTACHMENTS",
      value: attachVar,
      effect: "nothing attaches on read (nested memory, scoped rules); the launch set is unchanged",
    });
  return { nothingLoads, nothingAttaches };
}

/** The project's approval of imports outside the working directory, in the global config (user view). */
function externalImportsApprovedFor(
  cwd: string,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  found: Found,
): boolean {
  const file = claudeGlobalConfigFile(home, env);
  const g = readSettings(file, file, found.findings);
  const key = projectConfigKey(cwd);
  const entry = g?.json?.projects?.[key];
  if (entry?.hasClaudeMdExternalIncludesApproved !== true) return false;
  found.applied.push({
    kind: "approval",
    name: `projects["${key}"].hasClaudeMdExternalIncludesApproved`,
    value: "true",
    from: file,
    effect: "imports outside the working directory load",
  });
  return true;
}

/**
 * The `--add-dir` directories whose memory loads (all of them when CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD
 * is true, else none), each listed in `applied` with what it does.
 */
function addedDirectories(
  dirs: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  found: Found,
): string[] {
  const addDirs: string[] = [];
  const addVar = env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD;
  const addMemory = envTruthy(addVar);
  for (const d of dirs) {
    const abs = resolve(d);
    if (addMemory) addDirs.push(abs);
    found.applied.push({
      kind: "flag",
      name: "--add-dir",
      value: abs,
      effect: addMemory
        ? "its CLAUDE.md, .claude/CLAUDE.md, unscoped rules and CLAUDE.local.md load (CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD is set)"
        : "loads no memory: CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD is not set",
    });
  }
  if (addVar !== undefined && dirs.length > 0)
    found.applied.push({
      kind: "env",
      name: "CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD",
      value: addVar,
      effect: addMemory
        ? "added directories' memory loads"
        : "not a true value: added directories load no memory",
    });
  return addDirs;
}
