/**
 * Conformance: Codex's two views through the agent interface (`codex.launch`), against the pinned real
 * Codex CLI (`codex debug prompt-input`). The fresh-clone view is what Codex loads with an empty
 * CODEX_HOME, wherever the runner's home points; the user view is what it loads with this machine's
 * CODEX_HOME (the variable, else `$HOME/.codex`). The project root comes from Codex's root markers, searched
 * from the working directory upward, never from DIR. Findings: docs/findings-codex.md ("Two views").
 */
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderCodexMessage } from "../../src/agents/codex/chain.js";
import { codex } from "../../src/agents/codex/index.js";
import type { Snapshot, UserEnvironment } from "../../src/model/index.js";
import { type CodexRun, codexVersion, runCodex } from "../support/codex.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

/** The AGENTS.md message a Codex snapshot stands for (global text first, then the delivered chain). */
/** A snapshot's memory items only (skills are a list of their own, compared in the sources suites). */
const memoryOnly = (s: Snapshot): Snapshot => ({ ...s, items: s.items.filter((i) => i.kind === "memory") });

/** The AGENTS.md message the model predicts: its memory items only. */
function messageOf(s: Snapshot): string {
  s = memoryOnly(s);
  const isGlobal = (path: string) => isAbsolute(path) && !s.items.find((i) => i.path === path)?.charged;
  const global = s.items.find((i) => isGlobal(i.path) && i.reason.startsWith("global"));
  const project = s.items.filter((i) => i !== global && i.bytes > 0).map((i) => s.texts.get(i.path) ?? "");
  return renderCodexMessage(s.cwd, global ? (s.texts.get(global.path) ?? "") : null, project).message;
}

interface ViewCase {
  name: string;
  /** Files under the base directory (the repository, the homes, anything above). */
  files: Record<string, Entry>;
  /** The repository (DIR) relative to the base. */
  root: string;
  /** The launch directory relative to the base. */
  cwd: string;
  /**
   * The user's environment, relative to the base: `home` (HOME) and `codexHome` (CODEX_HOME, or null when
   * unset). `$BASE` in files is replaced by the base directory's real path.
   */
  user: { home: string; codexHome: string | null };
  /** Checks on the two snapshots beyond the message. */
  check?: (fresh: Snapshot, user: Snapshot, base: string) => void;
  /**
   * A project marker lies above DIR: the fresh-clone view reads nothing above the repository root (the cap
   * judges the repository alone), so it is not the CLI's run in this layout; the user view still is.
   */
  markerAboveRoot?: true;
}

const CASES: ViewCase[] = [
  {
    name: "without_git_only_the_working_directory_agents_md_loads_and_dir_is_not_the_project_root",
    files: { "repo/AGENTS.md": "ROOT\n", "repo/a/AGENTS.md": "A\n", "home/.codex": { dir: true } },
    root: "repo",
    cwd: "repo/a",
    user: { home: "home", codexHome: null },
    check: (fresh) => {
      expect(fresh.items.map((i) => i.path)).toEqual(["a/AGENTS.md"]);
      expect(fresh.projectRoot).toEqual({
        path: null,
        why: "no .git at or above the working directory: Codex reads only the working directory's AGENTS file",
      });
    },
  },
  {
    name: "a_git_directory_above_dir_is_the_project_root_and_its_agents_md_loads",
    files: {
      "mono/.git": { git: true },
      "mono/AGENTS.md": "MONO\n",
      "mono/pkg/AGENTS.md": "PKG\n",
      "home/.codex": { dir: true },
    },
    root: "mono/pkg",
    cwd: "mono/pkg",
    user: { home: "home", codexHome: null },
    markerAboveRoot: true,
    check: (fresh, user, base) => {
      expect(fresh.items.map((i) => i.path)).toEqual(["AGENTS.md"]);
      expect(user.items.map((i) => i.path)).toEqual([join(base, "mono/AGENTS.md"), "AGENTS.md"]);
    },
  },
  {
    name: "the_user_view_reads_config_and_the_global_file_from_the_codex_home_variable",
    files: {
      "repo/.git": { git: true },
      "repo/AGENTS.md": "ROOT\n",
      "repo/a/TEAM.md": "TEAM-A\n",
      "ch/config.toml": 'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 9\n',
      "ch/AGENTS.md": "  GLOBAL\n",
      "home/.codex/AGENTS.md": "NOT THIS ONE\n",
    },
    root: "repo",
    cwd: "repo/a",
    user: { home: "home", codexHome: "ch" },
    check: (fresh, user, base) => {
      expect(fresh.applied).toBeUndefined();
      expect(user.view).toBe("user");
      expect(user.applied?.map((a) => [a.kind, a.name, a.value])).toEqual([
        ["setting", "project_doc_max_bytes", "9"],
        ["setting", "project_doc_fallback_filenames", '["TEAM.md"]'],
        ["file", join(base, "ch/AGENTS.md"), undefined],
      ]);
    },
  },
  {
    name: "without_the_codex_home_variable_the_user_view_reads_dot_codex_in_home",
    files: {
      "repo/.git": { git: true },
      "repo/AGENTS.md": "ROOT\n",
      "home/.codex/AGENTS.override.md": "G-OVERRIDE\n",
      "home/.codex/AGENTS.md": "G\n",
    },
    root: "repo",
    cwd: "repo",
    user: { home: "home", codexHome: null },
    check: (_f, user, base) =>
      expect(user.applied?.map((a) => a.name)).toEqual([join(base, "home/.codex/AGENTS.override.md")]),
  },
  {
    name: "root_markers_from_the_user_config_find_a_project_root_without_git",
    files: {
      "repo/.marker": "",
      "repo/AGENTS.md": "ROOT\n",
      "repo/a/AGENTS.md": "A\n",
      "home/.codex/config.toml": 'project_root_markers = [".marker"]\n',
    },
    root: "repo",
    cwd: "repo/a",
    user: { home: "home", codexHome: null },
    check: (fresh, user, base) => {
      expect(fresh.projectRoot?.path).toBeNull();
      expect(user.projectRoot?.path).toBe(join(base, "repo"));
      expect(user.projectRoot?.why).toMatch(/holding \.marker \(project_root_markers from \$CODEX_HOME/);
    },
  },
  {
    name: "an_empty_marker_list_in_the_user_config_reads_only_the_working_directory",
    files: {
      "repo/.git": { git: true },
      "repo/AGENTS.md": "ROOT\n",
      "repo/a/AGENTS.md": "A\n",
      "home/.codex/config.toml": "project_root_markers = []\n",
    },
    root: "repo",
    cwd: "repo/a",
    user: { home: "home", codexHome: null },
    check: (fresh, user) => {
      expect(fresh.items.length).toBe(2);
      expect(user.items.map((i) => i.path)).toEqual(["a/AGENTS.md"]);
      expect(user.projectRoot?.why).toMatch(/project_root_markers is empty/);
    },
  },
  {
    name: "trust_in_the_user_config_applies_the_project_codex_config_only_in_the_user_view",
    files: {
      "repo/.git": { git: true },
      "repo/AGENTS.md": "ROOT-LONG\n",
      "repo/.codex/config.toml": "project_doc_max_bytes = 4\n",
      "home/.codex/config.toml": '[projects."$BASE/repo"]\ntrust_level = "trusted"\n',
    },
    root: "repo",
    cwd: "repo",
    user: { home: "home", codexHome: null },
    check: (fresh, user) => {
      expect(fresh.verdict?.failure).toBeNull();
      expect(user.verdict?.failure).not.toBeNull();
      expect(user.applied?.map((a) => [a.kind, a.value])).toEqual([
        ["setting", "4"],
        ["approval", "trusted"],
      ]);
    },
  },
  {
    name: "an_untrusted_project_gets_only_the_global_file_in_the_user_view_and_the_fresh_clone_is_unchanged",
    files: {
      "repo/.git": { git: true },
      "repo/AGENTS.md": "ROOT\n",
      "home/.codex/config.toml": '[projects."$BASE/repo"]\ntrust_level = "untrusted"\n',
      "home/.codex/AGENTS.md": "G\n",
    },
    root: "repo",
    cwd: "repo",
    user: { home: "home", codexHome: null },
    check: (fresh, user) => {
      expect(fresh.items.map((i) => i.path)).toEqual(["AGENTS.md"]);
      expect(user.items.map((i) => i.charged)).toEqual([false]);
    },
  },
];

interface Outcome {
  base: string;
  /** The CLI with an empty CODEX_HOME and HOME (what a fresh clone gets). */
  cliFresh: CodexRun;
  /** The CLI with the case's HOME and CODEX_HOME. */
  cliUser: CodexRun;
  fresh: Snapshot;
  user: Snapshot;
}

const outcomes = new Map<string, Outcome>();

async function prepare(c: ViewCase): Promise<Outcome> {
  const base = tempDir("ac-cx-views-");
  const files: Record<string, Entry> = {};
  for (const [k, v] of Object.entries(c.files))
    files[k] = typeof v === "string" ? v.replaceAll("$BASE", base) : v;
  writeLayout(base, files);
  const root = join(base, c.root);
  const cwd = join(base, c.cwd);
  mkdirSync(cwd, { recursive: true });
  const home = join(base, c.user.home);
  const codexHome = c.user.codexHome === null ? null : join(base, c.user.codexHome);
  const empty = tempDir("ac-cx-empty-");
  const [cliFresh, cliUser] = await Promise.all([
    runCodex({ cwd, home: empty, codexHome: join(empty, ".codex") }),
    runCodex({ cwd, home, codexHome }),
  ]);
  const env: UserEnvironment["env"] = { HOME: home, ...(codexHome ? { CODEX_HOME: codexHome } : {}) };
  const user: UserEnvironment = { home, env };
  return {
    base,
    cliFresh,
    cliUser,
    // The fresh-clone view is handed the user's environment too: it must not look at it.
    fresh: codex.launch({ root, cwd, user }),
    user: codex.launch({ root, cwd, view: "user", user }),
  };
}

beforeAll(async () => {
  const queue = [...CASES];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) outcomes.set(c.name, await prepare(c));
  };
  await Promise.all([worker(), worker()]);
}, 180_000);

describe(`Codex's two views match the real CLI (@openai/codex ${codexVersion()})`, () => {
  it.each(CASES.map((c) => [c.name]))("%s", (name) => {
    const c = CASES.find((x) => x.name === name) as ViewCase;
    const o = outcomes.get(name) as Outcome;
    expect(o.cliFresh.code, o.cliFresh.stderr).toBe(0);
    expect(o.cliUser.code, o.cliUser.stderr).toBe(0);
    if (!c.markerAboveRoot) expect(messageOf(o.fresh)).toBe(o.cliFresh.agentsMessage);
    expect(messageOf(o.user)).toBe(o.cliUser.agentsMessage);
    expect(o.fresh.view).toBe("fresh-clone");
    c.check?.(memoryOnly(o.fresh), memoryOnly(o.user), o.base);
  });
});
