/**
 * Recorded ground truth: what skills, subagents, commands, output styles, auto memory and extensions add to
 * the first request of each pinned agent CLI (docs/findings-sources-*.md). One case = the files written
 * (repository, HOME, Claude Code's config dir), the agent and release, and per list the ordered entries as
 * the CLI writes them. sources-cli.test.ts runs the real CLI on each case and asserts the lists hold
 * exactly these entries (built-ins dropped), so every finding is re-checked on every run; the next step's
 * model is tested against the same table.
 *
 * Machine-independent: `<R>` is the repository's absolute path, `<H>` HOME, `<C>` Claude Code's config dir
 * (`CLAUDE_CONFIG_DIR`, HOME/.claude-config in the harness). `source` is the file an entry comes from,
 * relative to the repository, or `~/…` (HOME) or `<C>/…`. An entry's `text` excludes the separator the CLI
 * puts between entries (LIST_SEPARATOR); each list's fixed header is in LIST_HEADERS (test/support/sources.ts).
 */

export type SourceAgent = "claude-code" | "codex" | "gemini-cli" | "copilot-cli";

export type SourceKind =
  | "skill"
  | "command"
  | "subagent"
  | "output-style"
  | "auto-memory"
  | "extension"
  | "skill-root";

/** The lists the CLIs write, by id (`agent.list`). */
export type ListId =
  | "claude-code.skills"
  | "claude-code.agents"
  | "claude-code.auto-memory"
  | "codex.skills"
  | "codex.skill-roots"
  | "codex.agent-roles"
  | "gemini-cli.skills"
  | "gemini-cli.subagents"
  | "gemini-cli.extensions"
  | "copilot-cli.skills"
  | "copilot-cli.agents";

/** How the CLI joins the entries of a list (what each entry but the last adds besides its text). */
export const LIST_SEPARATOR: Record<ListId, string> = {
  "claude-code.skills": "\n",
  "claude-code.agents": "\n",
  "claude-code.auto-memory": "",
  "codex.skills": "\n",
  "codex.skill-roots": "\n",
  "codex.agent-roles": "\n",
  "gemini-cli.skills": "\n",
  "gemini-cli.subagents": "\n",
  // Blocks in <extension_context> are joined by a blank line (test/conformance/recorded/gemini-user-layer.json).
  "gemini-cli.extensions": "\n\n",
  "copilot-cli.skills": "\n",
  "copilot-cli.agents": "\n\n",
};

export interface SourceEntry {
  kind: SourceKind;
  name: string;
  /** The file it comes from: relative to the repository, `~/…` or `<C>/…`. */
  source: string;
  /** The entry as the CLI sent it, placeholders for absolute paths. */
  text: string;
}

export interface SourcesCase {
  /** A sentence: the finding the case pins. */
  name: string;
  agent: SourceAgent;
  /** Claude Code release (default: the main pin). */
  release?: string;
  /** Repository files (relative path → text). A path starting with `../` lands beside the repository. */
  files: Record<string, string>;
  /** Repository symlinks (relative path → target). */
  links?: Record<string, string>;
  /** HOME files (relative to HOME); `<R>` in a text is the repository's absolute path. */
  home?: Record<string, string>;
  /** Claude Code config dir files (relative to `<C>`); `<C>` and `<R>` in a text are the config dir's and the repository's paths. */
  config?: Record<string, string>;
  /** Working directory, relative to the repository (default "."). */
  cwd?: string;
  /** false: no `git init` (default: the repository is a git repository). */
  git?: boolean;
  env?: Record<string, string>;
  /** Claude Code: extra arguments after `-p PROMPT`; `<R>` is the repository's absolute path. */
  args?: string[];
  /** The repository's folder name (default "repo"). */
  repoDir?: string;
  /**
   * Claude Code auto memory: the text of `<C>/projects/<key>/memory/MEMORY.md`, the key being the git
   * root's absolute path with every character but [A-Za-z0-9] made "-" (claudeProjectKey).
   */
  autoMemory?: string;
  /** Per list: the entries the repository and user layer add, in the CLI's order (built-ins excluded). */
  expected: Partial<Record<ListId, SourceEntry[]>>;
  /** Lists whose order the CLI does not fix (Gemini CLI lists a folder's skills in directory order). */
  unordered?: ListId[];
  /** Texts the request must hold (for sources outside a list: an output style). */
  contains?: string[];
  /**
   * How built-in entries are told apart: by their text as an empty repository's run shows it (default),
   * or by name (when the case changes how built-ins are written, e.g. a description cut set in settings).
   */
  builtIns?: "text" | "name";
  /**
   * Codex: run `codex exec` against a loopback Responses server instead of `debug prompt-input` (the
   * agent roles are in the `spawn_agent` tool's spec, which prompt-input does not print).
   */
  codexExec?: boolean;
}

const CLAUDE_RELEASES = ["2.1.332", "2.1.197"] as const;

const skillMd = (name: string, description: string, extra = ""): string =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nbody\n`;

const ccSkill = (name: string, source: string, text: string): SourceEntry => ({
  kind: "skill",
  name,
  source,
  text,
});
const ccCommand = (name: string, source: string, text: string): SourceEntry => ({
  kind: "command",
  name,
  source,
  text,
});
const ccAgent = (name: string, source: string, text: string): SourceEntry => ({
  kind: "subagent",
  name,
  source,
  text,
});

type ClaudeCase = Omit<SourcesCase, "agent" | "release" | "expected" | "name"> & {
  name: string;
  /** The expectation per release; a release absent here is not run for this case. */
  expected: Partial<Record<(typeof CLAUDE_RELEASES)[number], Partial<Record<ListId, SourceEntry[]>>>>;
  /** Texts per release. */
  containsBy?: Partial<Record<(typeof CLAUDE_RELEASES)[number], string[]>>;
};

function claude(c: ClaudeCase): SourcesCase[] {
  return CLAUDE_RELEASES.filter((r) => c.expected[r] !== undefined).map((release) => {
    const { expected, containsBy, name, ...rest } = c;
    const contains = containsBy?.[release];
    return {
      ...rest,
      name: `claude_code_${release.replaceAll(".", "_")}_${name}`,
      agent: "claude-code" as const,
      release,
      expected: expected[release] ?? {},
      ...(contains ? { contains } : {}),
    };
  });
}

const both = <T>(v: T): Record<(typeof CLAUDE_RELEASES)[number], T> => ({ "2.1.332": v, "2.1.197": v });

/**
 * A plugin `myplug` of a directory marketplace `localmkt` (in the config dir's `mkt/`) as `claude plugin
 * marketplace add` and `claude plugin install myplug@localmkt` leave them on 2.1.332 (run offline: the
 * install record, the known marketplace and the plugin's cached copy), `files` being the plugin's files. The
 * CLI reads a directory marketplace's own copy (a run with no cached copy lists the same), so both are laid.
 * `enabled`: the user settings' `enabledPlugins` value (absent: no key).
 */
const PLUGIN_CACHE = "plugins/cache/localmkt/myplug/1.0.0";
function installedPlugin(files: Record<string, string>, enabled?: boolean): Record<string, string> {
  const plugin = {
    ".claude-plugin/plugin.json": JSON.stringify({ name: "myplug", version: "1.0.0", description: "P" }),
    ...files,
  };
  const under = (pre: string) =>
    Object.fromEntries(Object.entries(plugin).map(([k, v]) => [`${pre}/${k}`, v]));
  const marketplace = { source: { source: "directory", path: "<C>/mkt" } };
  return {
    "mkt/.claude-plugin/marketplace.json": JSON.stringify({
      name: "localmkt",
      owner: { name: "t" },
      plugins: [{ name: "myplug", source: "./plugins/myplug", description: "P" }],
    }),
    ...under("mkt/plugins/myplug"),
    ...under(PLUGIN_CACHE),
    "plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: {
        "myplug@localmkt": [
          {
            scope: "user",
            installPath: `<C>/${PLUGIN_CACHE}`,
            version: "1.0.0",
            installedAt: "2026-12-07T18:46:17.186Z",
            lastUpdated: "2026-12-07T18:46:17.186Z",
          },
        ],
      },
    }),
    "plugins/known_marketplaces.json": JSON.stringify({
      localmkt: { ...marketplace, installLocation: "<C>/mkt", lastUpdated: "2026-12-07T18:46:15.156Z" },
    }),
    "settings.json": JSON.stringify({
      extraKnownMarketplaces: { localmkt: marketplace },
      ...(enabled === undefined ? {} : { enabledPlugins: { "myplug@localmkt": enabled } }),
    }),
  };
}
const PLUGIN_FILES = {
  "commands/zcmd.md": "---\ndescription: Plugin command z.\n---\nx\n",
  "commands/bcmd.md": "---\ndescription: Plugin command b.\n---\nx\n",
  "skills/mskill/SKILL.md": "---\nname: mskill\ndescription: Plugin skill m.\n---\nb\n",
  "skills/askill/SKILL.md": "---\nname: askill\ndescription: Plugin skill a.\n---\nb\n",
  "agents/pagent.md": "---\nname: pagent\ndescription: Plugin agent.\n---\nx\n",
};
const PLUGIN_ENTRIES = {
  "claude-code.skills": [
    ccCommand("myplug:bcmd", `<C>/${PLUGIN_CACHE}/commands/bcmd.md`, "- myplug:bcmd: Plugin command b."),
    ccCommand("myplug:zcmd", `<C>/${PLUGIN_CACHE}/commands/zcmd.md`, "- myplug:zcmd: Plugin command z."),
    ccSkill(
      "myplug:askill",
      `<C>/${PLUGIN_CACHE}/skills/askill/SKILL.md`,
      "- myplug:askill: Plugin skill a.",
    ),
    ccSkill(
      "myplug:mskill",
      `<C>/${PLUGIN_CACHE}/skills/mskill/SKILL.md`,
      "- myplug:mskill: Plugin skill m.",
    ),
  ],
  "claude-code.agents": [
    ccAgent(
      "myplug:pagent",
      `<C>/${PLUGIN_CACHE}/agents/pagent.md`,
      "- myplug:pagent: Plugin agent. (Tools: All tools)",
    ),
  ],
};

const LONG_1600 = "L".repeat(1600);

const budgetName = (i: number): string => `s${String(i).padStart(3, "0")}`;
const budgetDescription = (i: number): string => `${"D".repeat(300)} end${i}`;
/** 150 skills in name order: the first `full` with their description, the others as `- name`. */
const budgetEntries = (full: number): SourceEntry[] =>
  Array.from({ length: 150 }, (_, i) => ({
    kind: "skill" as const,
    name: budgetName(i),
    source: `.claude/skills/${budgetName(i)}/SKILL.md`,
    text: i < full ? `- ${budgetName(i)}: ${budgetDescription(i)}` : `- ${budgetName(i)}`,
  }));

/**
 * The columns of the CLI's own skills-list entries with their separators, per release (the debug log's total
 * for an empty repository: "Skill listing over budget: 13 skills, 6208 chars").
 */
const BUILT_IN_COLUMNS = { "2.1.332": 6208, "2.1.197": 4451 } as const;
const edgeName = (i: number): string => `e${String(i).padStart(2, "0")}`;
/**
 * Twenty skills whose entries (`- eNN: 漢字x…`, 4 columns and 6 bytes for the two wide characters) make the
 * whole list `over` columns longer than the 30,000 budget: the last entry takes the remainder.
 */
function edgeSkills(release: keyof typeof BUILT_IN_COLUMNS, over: number): { name: string; desc: string }[] {
  const own = 30_000 + over - BUILT_IN_COLUMNS[release] - 20;
  const per = Math.floor(own / 20);
  return Array.from({ length: 20 }, (_, i) => {
    const columns = i < 19 ? per : own - per * 19;
    return { name: edgeName(i), desc: `漢字${"x".repeat(columns - 11)}` };
  });
}
function edgeCase(
  over: number,
  collapsedLast: boolean,
): Partial<Record<"2.1.332" | "2.1.197", Partial<Record<ListId, SourceEntry[]>>>> {
  const out: Partial<Record<"2.1.332" | "2.1.197", Partial<Record<ListId, SourceEntry[]>>>> = {};
  for (const r of CLAUDE_RELEASES)
    out[r] = {
      "claude-code.skills": edgeSkills(r, over).map((e, i) => ({
        kind: "skill" as const,
        name: e.name,
        source: `.claude/skills/${e.name}/SKILL.md`,
        text: collapsedLast && i === 19 ? `- ${e.name}` : `- ${e.name}: ${e.desc}`,
      })),
    };
  return out;
}
const edgeFiles = (release: keyof typeof BUILT_IN_COLUMNS, over: number): Record<string, string> => ({
  "CLAUDE.md": "# mem\n",
  ...Object.fromEntries(
    edgeSkills(release, over).map((e) => [`.claude/skills/${e.name}/SKILL.md`, skillMd(e.name, e.desc)]),
  ),
});

// ---------------------------------------------------------------- Claude Code
const CLAUDE_CASES: SourcesCase[] = [
  ...claude({
    name: "a_skill_is_one_line_dash_folder_name_colon_description_and_its_body_is_not_sent",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/alpha/SKILL.md":
        "---\nname: alpha\ndescription: Alpha skill does alpha things.\n---\n# Alpha body\nBODYTOKEN\n",
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("alpha", ".claude/skills/alpha/SKILL.md", "- alpha: Alpha skill does alpha things."),
      ],
    }),
  }),
  ...claude({
    name: "a_skill_without_a_usable_description_is_described_by_its_first_body_line_heading_marks_dropped",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/nodesc/SKILL.md":
        "---\nname: nodesc\n---\n# Heading line\n\nFirst paragraph of nodesc.\n",
      ".claude/skills/nofm/SKILL.md": "# NoFM heading\n\nBody paragraph of nofm.\n",
      ".claude/skills/emptydesc/SKILL.md": '---\nname: emptydesc\ndescription: ""\n---\nBody of emptydesc.\n',
      ".claude/skills/badyaml/SKILL.md":
        "---\nname: badyaml\ndescription: bad: yaml: here\n  - [unclosed\n---\nBody of badyaml.\n",
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("badyaml", ".claude/skills/badyaml/SKILL.md", "- badyaml: Body of badyaml."),
        ccSkill("emptydesc", ".claude/skills/emptydesc/SKILL.md", "- emptydesc: Body of emptydesc."),
        ccSkill("nodesc", ".claude/skills/nodesc/SKILL.md", "- nodesc: Heading line"),
        ccSkill("nofm", ".claude/skills/nofm/SKILL.md", "- nofm: NoFM heading"),
      ],
    }),
  }),
  ...claude({
    name: "a_skill_description_over_1536_characters_is_cut_to_1535_and_an_ellipsis",
    files: { "CLAUDE.md": "# mem\n", ".claude/skills/long/SKILL.md": skillMd("long", LONG_1600) },
    expected: both({
      "claude-code.skills": [ccSkill("long", ".claude/skills/long/SKILL.md", `- long: ${"L".repeat(1535)}…`)],
    }),
  }),
  ...claude({
    name: "when_to_use_is_appended_to_the_description_after_a_dash_and_a_folded_description_is_one_line",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/whento/SKILL.md": skillMd("whento", "Has when.", "when_to_use: Use when X happens.\n"),
      ".claude/skills/folded/SKILL.md":
        "---\nname: folded\ndescription: >\n  Folded line one\n  line two.\n---\nbody\n",
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("folded", ".claude/skills/folded/SKILL.md", "- folded: Folded line one line two."),
        ccSkill("whento", ".claude/skills/whento/SKILL.md", "- whento: Has when. - Use when X happens."),
      ],
    }),
  }),
  ...claude({
    name: "disable_model_invocation_hides_a_skill_and_user_invocable_false_does_not",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/hidden/SKILL.md": skillMd(
        "hidden",
        "Hidden from model.",
        "disable-model-invocation: true\n",
      ),
      ".claude/skills/noinvoke/SKILL.md": skillMd(
        "noinvoke",
        "Not user invocable.",
        "user-invocable: false\n",
      ),
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("noinvoke", ".claude/skills/noinvoke/SKILL.md", "- noinvoke: Not user invocable."),
      ],
    }),
  }),
  ...claude({
    name: "a_skill_is_named_by_its_folder_and_a_different_frontmatter_name_shows_in_parentheses_on_2_1_332_only",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/mismatch/SKILL.md": skillMd("other-name", "Name differs from folder."),
      ".claude/skills/noname/SKILL.md": "---\ndescription: No name field.\n---\nbody\n",
    },
    expected: {
      "2.1.332": {
        "claude-code.skills": [
          ccSkill(
            "mismatch",
            ".claude/skills/mismatch/SKILL.md",
            "- mismatch (other-name): Name differs from folder.",
          ),
          ccSkill("noname", ".claude/skills/noname/SKILL.md", "- noname: No name field."),
        ],
      },
      "2.1.197": {
        "claude-code.skills": [
          ccSkill("mismatch", ".claude/skills/mismatch/SKILL.md", "- mismatch: Name differs from folder."),
          ccSkill("noname", ".claude/skills/noname/SKILL.md", "- noname: No name field."),
        ],
      },
    },
  }),
  ...claude({
    name: "skills_nested_two_folders_deep_a_lowercase_skill_md_a_loose_md_file_and_other_agents_folders_are_not_read",
    files: {
      "CLAUDE.md": "# mem\n",
      ".agents/skills/ag/SKILL.md": skillMd("ag", "In .agents/skills."),
      ".github/skills/gh/SKILL.md": skillMd("gh", "In .github/skills."),
      ".agent/skills/sg/SKILL.md": skillMd("sg", "In .agent/skills."),
      ".claude/skills/nested/beta/SKILL.md": skillMd("beta", "Beta nested."),
      ".claude/skills/lower/skill.md": skillMd("lower", "Lowercase file name."),
      ".claude/skills/top.md": skillMd("top", "A loose md in skills."),
      ".claude/skills/alpha/SKILL.md": skillMd("alpha", "Alpha."),
    },
    expected: both({
      "claude-code.skills": [ccSkill("alpha", ".claude/skills/alpha/SKILL.md", "- alpha: Alpha.")],
    }),
  }),
  ...claude({
    name: "skills_come_from_the_config_dir_then_each_folder_from_the_cwd_up_to_the_git_root_each_sorted_by_name",
    cwd: "sub",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/alpha/SKILL.md": skillMd("alpha", "Project alpha."),
      ".claude/skills/Zeta/SKILL.md": skillMd("Zeta", "Upper Zeta."),
      ".claude/skills/_under/SKILL.md": skillMd("_under", "Underscore."),
      ".claude/skills/beta-2/SKILL.md": skillMd("beta-2", "Beta dash."),
      ".claude/skills/beta_1/SKILL.md": skillMd("beta_1", "Beta underscore."),
      "sub/.claude/skills/gamma/SKILL.md": skillMd("gamma", "Gamma in cwd sub."),
      "sub/deeper/.claude/skills/delta/SKILL.md": skillMd("delta", "Delta below cwd."),
      "other/.claude/skills/omega/SKILL.md": skillMd("omega", "Omega in sibling."),
      "../.claude/skills/ancestor/SKILL.md": skillMd("ancestor", "Above the git root."),
    },
    config: { "skills/cfgskill/SKILL.md": skillMd("cfgskill", "In CLAUDE_CONFIG_DIR/skills.") },
    home: { ".claude/skills/homeskill/SKILL.md": skillMd("homeskill", "In HOME/.claude/skills.") },
    expected: both({
      "claude-code.skills": [
        ccSkill("cfgskill", "<C>/skills/cfgskill/SKILL.md", "- cfgskill: In CLAUDE_CONFIG_DIR/skills."),
        ccSkill("gamma", "sub/.claude/skills/gamma/SKILL.md", "- gamma: Gamma in cwd sub."),
        ccSkill("_under", ".claude/skills/_under/SKILL.md", "- _under: Underscore."),
        ccSkill("alpha", ".claude/skills/alpha/SKILL.md", "- alpha: Project alpha."),
        ccSkill("beta_1", ".claude/skills/beta_1/SKILL.md", "- beta_1: Beta underscore."),
        ccSkill("beta-2", ".claude/skills/beta-2/SKILL.md", "- beta-2: Beta dash."),
        ccSkill("Zeta", ".claude/skills/Zeta/SKILL.md", "- Zeta: Upper Zeta."),
      ],
    }),
  }),
  ...claude({
    name: "outside_a_git_repository_skills_commands_and_agents_are_read_from_every_ancestor",
    git: false,
    cwd: "sub",
    files: {
      "CLAUDE.md": "# mem\n",
      "sub/.claude/skills/gamma/SKILL.md": skillMd("gamma", "Gamma."),
      ".claude/skills/rootsk/SKILL.md": skillMd("rootsk", "Root."),
      "../.claude/skills/ancestor/SKILL.md": skillMd("ancestor", "In parent of repo."),
      "../.claude/commands/ancmd.md": "---\ndescription: Ancestor cmd.\n---\n",
      "../.claude/agents/anag.md": "---\nname: anag\ndescription: Ancestor agent.\n---\n",
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("gamma", "sub/.claude/skills/gamma/SKILL.md", "- gamma: Gamma."),
        ccSkill("rootsk", ".claude/skills/rootsk/SKILL.md", "- rootsk: Root."),
        ccSkill("ancestor", "../.claude/skills/ancestor/SKILL.md", "- ancestor: In parent of repo."),
        ccCommand("ancmd", "../.claude/commands/ancmd.md", "- ancmd: Ancestor cmd."),
      ],
      "claude-code.agents": [
        ccAgent("anag", "../.claude/agents/anag.md", "- anag: Ancestor agent. (Tools: All tools)"),
      ],
    }),
  }),
  ...claude({
    name: "a_nested_git_repository_is_the_root_of_the_skill_walk",
    git: false,
    cwd: "sub",
    files: {
      "CLAUDE.md": "# mem\n",
      "sub/.git/HEAD": "ref: refs/heads/main\n",
      "sub/.claude/skills/gamma/SKILL.md": skillMd("gamma", "Gamma."),
      ".claude/skills/rootsk/SKILL.md": skillMd("rootsk", "Root."),
    },
    expected: both({
      "claude-code.skills": [ccSkill("gamma", "sub/.claude/skills/gamma/SKILL.md", "- gamma: Gamma.")],
    }),
  }),
  ...claude({
    name: "a_duplicate_skill_name_is_listed_once_on_2_1_332_first_source_wins_and_twice_on_2_1_197",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/dup/SKILL.md": skillMd("dup", "Project dup."),
      ".claude/skills/cmddup/SKILL.md": skillMd("cmddup", "Skill cmddup."),
      ".claude/commands/cmddup.md": "---\ndescription: Command cmddup.\n---\nx\n",
    },
    config: { "skills/dup/SKILL.md": skillMd("dup", "User dup.") },
    expected: {
      "2.1.332": {
        "claude-code.skills": [
          ccSkill("dup", "<C>/skills/dup/SKILL.md", "- dup: User dup."),
          ccSkill("cmddup", ".claude/skills/cmddup/SKILL.md", "- cmddup: Skill cmddup."),
        ],
      },
      "2.1.197": {
        "claude-code.skills": [
          ccSkill("dup", "<C>/skills/dup/SKILL.md", "- dup: User dup."),
          ccSkill("cmddup", ".claude/skills/cmddup/SKILL.md", "- cmddup: Skill cmddup."),
          ccSkill("dup", ".claude/skills/dup/SKILL.md", "- dup: Project dup."),
          ccCommand("cmddup", ".claude/commands/cmddup.md", "- cmddup: Command cmddup."),
        ],
      },
    },
  }),
  ...claude({
    name: "a_symlinked_skill_folder_is_followed",
    files: { "CLAUDE.md": "# mem\n", "shared/linked/SKILL.md": skillMd("linked", "Via symlinked folder.") },
    links: { ".claude/skills/linked": "../../shared/linked" },
    expected: both({
      "claude-code.skills": [
        ccSkill("linked", ".claude/skills/linked/SKILL.md", "- linked: Via symlinked folder."),
      ],
    }),
  }),
  ...claude({
    name: "project_settings_skill_listing_max_desc_chars_cuts_every_description_built_ins_included",
    builtIns: "name",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/settings.json": JSON.stringify({ skillListingMaxDescChars: 50 }),
      ".claude/skills/s1/SKILL.md": skillMd("s1", "D".repeat(60)),
      ".claude/commands/c1.md": `---\ndescription: ${"E".repeat(60)}\n---\n`,
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("s1", ".claude/skills/s1/SKILL.md", `- s1: ${"D".repeat(49)}…`),
        ccCommand("c1", ".claude/commands/c1.md", `- c1: ${"E".repeat(49)}…`),
      ],
    }),
  }),
  ...claude({
    name: "commands_follow_skills_named_by_path_with_colons_described_by_frontmatter_or_first_line",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/alpha/SKILL.md": skillMd("alpha", "Alpha."),
      ".claude/commands/deploy.md":
        "---\ndescription: Deploy the app\nargument-hint: <env>\n---\nDeploy now.\n",
      ".claude/commands/grp/sub.md": "First line of nested command\nmore\n",
      ".claude/commands/grp/deeper/x.md": "---\ndescription: Deep one\n---\n",
      ".claude/commands/nodesc.md": "---\nallowed-tools: Bash\n---\n# Heading cmd\n\ntext\n",
      ".claude/commands/empty.md": "",
      ".claude/commands/blankfirst.md": "\n\n  Indented after blanks\n",
      ".claude/commands/whencmd.md": "---\ndescription: Cmd desc\nwhen_to_use: Cmd when.\n---\n",
      ".claude/commands/Upper.md": "---\ndescription: Upper cmd\n---\n",
      ".claude/commands/notmd.txt": "text file\n",
    },
    config: { "commands/usercmd.md": "---\ndescription: User command\n---\n" },
    expected: both({
      "claude-code.skills": [
        ccSkill("alpha", ".claude/skills/alpha/SKILL.md", "- alpha: Alpha."),
        ccCommand("blankfirst", ".claude/commands/blankfirst.md", "- blankfirst: Indented after blanks"),
        ccCommand("deploy", ".claude/commands/deploy.md", "- deploy: Deploy the app"),
        ccCommand("empty", ".claude/commands/empty.md", "- empty: Custom command"),
        ccCommand("grp:deeper:x", ".claude/commands/grp/deeper/x.md", "- grp:deeper:x: Deep one"),
        ccCommand("grp:sub", ".claude/commands/grp/sub.md", "- grp:sub: First line of nested command"),
        ccCommand("nodesc", ".claude/commands/nodesc.md", "- nodesc: Heading cmd"),
        ccCommand("Upper", ".claude/commands/Upper.md", "- Upper: Upper cmd"),
        ccCommand("usercmd", "<C>/commands/usercmd.md", "- usercmd: User command"),
        ccCommand("whencmd", ".claude/commands/whencmd.md", "- whencmd: Cmd desc - Cmd when."),
      ],
    }),
  }),
  ...claude({
    name: "over_the_listing_budget_later_skills_lose_their_description_and_keep_their_name",
    // Some built-in commands collapse as well (2.1.332's security-review): told apart by name.
    builtIns: "name",
    files: {
      "CLAUDE.md": "# mem\n",
      ...Object.fromEntries(
        Array.from({ length: 150 }, (_, i) => [
          `.claude/skills/${budgetName(i)}/SKILL.md`,
          skillMd(budgetName(i), budgetDescription(i)),
        ]),
      ),
    },
    // The budget is 1% of the model's context window at 3 characters a token (30,000 characters for the
    // harness's default model); bundled skills always keep theirs, so how many of these keep theirs differs.
    expected: {
      "2.1.332": { "claude-code.skills": budgetEntries(74) },
      "2.1.197": { "claude-code.skills": budgetEntries(80) },
    },
  }),
  // An `--add-dir` folder's skills, commands and subagents are listed (after the repository's), the memory
  // variable unset: 2.1.197 with it set was a gap of the differential test (long-2.1.197:71).
  ...claude({
    name: "an_added_directory_lists_its_skills_commands_and_subagents_without_the_memory_variable",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/mine/SKILL.md": skillMd("mine", "Repo skill."),
      "../other/.claude/skills/added/SKILL.md": skillMd("added", "Added dir skill."),
      "../other/.claude/skills/zed/SKILL.md": skillMd("zed", "Added dir skill z."),
      "../other/.claude/commands/addcmd.md": "---\ndescription: Added cmd.\n---\nx\n",
      "../other/.claude/agents/addagent.md": "---\nname: addagent\ndescription: Added agent.\n---\nx\n",
    },
    args: ["--add-dir", "<R>/../other"],
    expected: both({
      "claude-code.skills": [
        ccSkill("mine", ".claude/skills/mine/SKILL.md", "- mine: Repo skill."),
        ccSkill("added", "../other/.claude/skills/added/SKILL.md", "- added: Added dir skill."),
        ccSkill("zed", "../other/.claude/skills/zed/SKILL.md", "- zed: Added dir skill z."),
        ccCommand("addcmd", "../other/.claude/commands/addcmd.md", "- addcmd: Added cmd."),
      ],
      "claude-code.agents": [
        ccAgent(
          "addagent",
          "../other/.claude/agents/addagent.md",
          "- addagent: Added agent. (Tools: All tools)",
        ),
      ],
    }),
  }),
  // The budget's edge, in columns (Bun.stringWidth): the whole list at exactly 30,000 keeps every description
  // although its bytes are over (each wide character is 2 columns and 3 bytes) ...
  ...CLAUDE_RELEASES.flatMap((r) =>
    claude({
      name: "a_skills_list_of_exactly_the_budget_in_columns_keeps_every_description_though_its_bytes_are_over",
      files: edgeFiles(r, 0),
      expected: { [r]: edgeCase(0, false)[r] },
    }),
  ),
  // ... and 300 columns over, the entries are given their description back in list order (the repository's
  // first, then the CLI's own that are not bundled) while the budget allows: the last skill is `- e19`.
  ...CLAUDE_RELEASES.flatMap((r) =>
    claude({
      name: "three_hundred_columns_over_the_budget_the_last_skill_that_does_not_fit_loses_its_description",
      builtIns: "name",
      files: edgeFiles(r, 300),
      expected: { [r]: edgeCase(300, true)[r] },
    }),
  ),
  ...claude({
    name: "a_command_is_named_by_its_file_hidden_by_disable_model_invocation_and_cut_at_1536",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/commands/hidden.md": "---\ndescription: Hidden cmd\ndisable-model-invocation: true\n---\nx\n",
      ".claude/commands/named.md": "---\nname: renamed\ndescription: Has name key\n---\n",
      ".claude/commands/longcmd.md": `---\ndescription: ${"C".repeat(1600)}\n---\n`,
    },
    expected: both({
      "claude-code.skills": [
        ccCommand("longcmd", ".claude/commands/longcmd.md", `- longcmd: ${"C".repeat(1535)}…`),
        ccCommand("named", ".claude/commands/named.md", "- named: Has name key"),
      ],
    }),
  }),
  ...claude({
    name: "a_subagent_is_dash_name_colon_description_and_its_tools_in_parentheses",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/agents/reviewer.md":
        "---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Grep\nmodel: sonnet\n---\nYou are a reviewer.\n",
      ".claude/agents/notools.md": "---\nname: notools\ndescription: No tools field.\n---\nx\n",
      ".claude/agents/disallow.md":
        "---\nname: disallow\ndescription: Disallowed tools.\ndisallowedTools: Write, Edit\n---\nx\n",
      ".claude/agents/both.md":
        "---\nname: both\ndescription: Both lists.\ntools: Read, Write, Edit\ndisallowedTools: Write\n---\nx\n",
      ".claude/agents/toolslist.md":
        "---\nname: toolslist\ndescription: Tools as YAML list.\ntools:\n  - Read\n  - Bash\n---\nx\n",
    },
    expected: both({
      "claude-code.agents": [
        ccAgent("both", ".claude/agents/both.md", "- both: Both lists. (Tools: Read, Edit)"),
        ccAgent(
          "disallow",
          ".claude/agents/disallow.md",
          "- disallow: Disallowed tools. (Tools: All tools except Write, Edit)",
        ),
        ccAgent("notools", ".claude/agents/notools.md", "- notools: No tools field. (Tools: All tools)"),
        ccAgent("reviewer", ".claude/agents/reviewer.md", "- reviewer: Reviews code. (Tools: Read, Grep)"),
        ccAgent(
          "toolslist",
          ".claude/agents/toolslist.md",
          "- toolslist: Tools as YAML list. (Tools: Read, Bash)",
        ),
      ],
    }),
  }),
  ...claude({
    name: "a_subagent_file_without_frontmatter_name_or_description_is_not_listed_and_nested_folders_are_read",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/agents/nofm.md": "# Just a heading\nNo frontmatter.\n",
      ".claude/agents/nodesc.md": "---\nname: nodesc\ntools: Read\n---\nbody\n",
      ".claude/agents/noname.md": "---\ndescription: No name key.\n---\nbody\n",
      ".claude/agents/notmd.txt": "---\nname: notmd\ndescription: txt file\n---\n",
      ".claude/agents/filename.md":
        "---\nname: differentname\ndescription: Name differs from file.\n---\nbody\n",
      ".claude/agents/nest/inner.md": "---\nname: inner\ndescription: Nested agent folder.\n---\n",
      ".claude/agents/badyaml.md": "---\nname: badyaml\ndescription: bad: yaml: [\n---\n",
    },
    expected: both({
      "claude-code.agents": [
        ccAgent("badyaml", ".claude/agents/badyaml.md", "- badyaml: bad: yaml: [ (Tools: All tools)"),
        ccAgent(
          "differentname",
          ".claude/agents/filename.md",
          "- differentname: Name differs from file. (Tools: All tools)",
        ),
        ccAgent("inner", ".claude/agents/nest/inner.md", "- inner: Nested agent folder. (Tools: All tools)"),
      ],
    }),
  }),
  ...claude({
    name: "of_two_subagents_with_one_name_the_later_file_wins",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/agents/dupa.md": "---\nname: dupe\ndescription: First dupe (dupa.md).\n---\n",
      ".claude/agents/dupb.md": "---\nname: dupe\ndescription: Second dupe (dupb.md).\n---\n",
    },
    expected: both({
      "claude-code.agents": [
        ccAgent("dupe", ".claude/agents/dupb.md", "- dupe: Second dupe (dupb.md). (Tools: All tools)"),
      ],
    }),
  }),
  ...claude({
    name: "a_subagent_description_is_never_cut_and_keeps_its_newlines",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/agents/long.md": `---\nname: long\ndescription: ${"A".repeat(1600)}\n---\n`,
      ".claude/agents/multi.md":
        '---\nname: multi\ndescription: "Line one\\nLine two <example>x</example>"\n---\n',
    },
    expected: both({
      "claude-code.agents": [
        ccAgent("long", ".claude/agents/long.md", `- long: ${"A".repeat(1600)} (Tools: All tools)`),
        ccAgent(
          "multi",
          ".claude/agents/multi.md",
          "- multi: Line one\nLine two <example>x</example> (Tools: All tools)",
        ),
      ],
    }),
  }),
  ...claude({
    name: "user_subagents_sort_among_project_ones_case_insensitively_and_one_named_like_a_built_in_replaces_it",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/agents/Upper.md": "---\nname: Upper\ndescription: Upper agent.\n---\n",
      ".claude/agents/withmodel.md":
        "---\nname: withmodel\ndescription: Has model and color.\nmodel: haiku\ncolor: red\n---\n",
      ".claude/agents/explorelike.md": "---\nname: Explore\ndescription: Overrides builtin Explore.\n---\n",
    },
    config: { "agents/useragent.md": "---\nname: useragent\ndescription: User agent.\n---\n" },
    expected: both({
      "claude-code.agents": [
        ccAgent(
          "Explore",
          ".claude/agents/explorelike.md",
          "- Explore: Overrides builtin Explore. (Tools: All tools)",
        ),
        ccAgent("Upper", ".claude/agents/Upper.md", "- Upper: Upper agent. (Tools: All tools)"),
        ccAgent("useragent", "<C>/agents/useragent.md", "- useragent: User agent. (Tools: All tools)"),
        ccAgent(
          "withmodel",
          ".claude/agents/withmodel.md",
          "- withmodel: Has model and color. (Tools: All tools)",
        ),
      ],
    }),
  }),
  ...claude({
    name: "subagents_and_commands_of_the_cwd_folder_are_read_when_the_cwd_is_below_the_root",
    cwd: "sub",
    files: {
      "CLAUDE.md": "# mem\n",
      "sub/.claude/commands/subcmd.md": "---\ndescription: Command in sub.\n---\nx\n",
      "sub/.claude/agents/subagent.md": "---\nname: subagent\ndescription: Agent in sub.\n---\nx\n",
      ".claude/commands/rootcmd.md": "---\ndescription: Command in root.\n---\nx\n",
    },
    expected: both({
      "claude-code.skills": [
        ccCommand("rootcmd", ".claude/commands/rootcmd.md", "- rootcmd: Command in root."),
        ccCommand("subcmd", "sub/.claude/commands/subcmd.md", "- subcmd: Command in sub."),
      ],
      "claude-code.agents": [
        ccAgent("subagent", "sub/.claude/agents/subagent.md", "- subagent: Agent in sub. (Tools: All tools)"),
      ],
    }),
  }),
  ...claude({
    name: "auto_memory_is_a_section_of_memory_md_under_the_config_dir_keyed_by_the_git_root_path",
    cwd: "sub",
    repoDir: "my_repo.x",
    files: { "CLAUDE.md": "# mem\n", "sub/.keep": "" },
    autoMemory: "MEMTOKEN first line\n- [x](x.md) pointer\n",
    expected: both({
      "claude-code.auto-memory": [
        {
          kind: "auto-memory",
          name: "MEMORY.md",
          source: "<C>/projects/<key>/memory/MEMORY.md",
          text: "MEMTOKEN first line\n- [x](x.md) pointer",
        },
      ],
    }),
  }),
  ...claude({
    name: "auto_memory_over_200_lines_is_cut_to_200_and_a_warning_is_appended",
    files: { "CLAUDE.md": "# mem\n" },
    autoMemory: `${Array.from({ length: 300 }, (_, i) => `M${i + 1}`).join("\n")}\n`,
    expected: {
      "2.1.332": {
        "claude-code.auto-memory": [
          {
            kind: "auto-memory",
            name: "MEMORY.md",
            source: "<C>/projects/<key>/memory/MEMORY.md",
            text: `${Array.from({ length: 200 }, (_, i) => `M${i + 1}`).join("\n")}\n\n> WARNING: MEMORY.md is 300 lines (limit: 200). Only part of it was loaded: 100 of 300 lines were cut off, starting at line 201 ("M201"). Keep index entries to one line under ~200 chars; move detail into topic files.`,
          },
        ],
      },
      "2.1.197": {
        "claude-code.auto-memory": [
          {
            kind: "auto-memory",
            name: "MEMORY.md",
            source: "<C>/projects/<key>/memory/MEMORY.md",
            text: `${Array.from({ length: 200 }, (_, i) => `M${i + 1}`).join("\n")}\n\n> WARNING: MEMORY.md is 300 lines (limit: 200). Only part of it was loaded. Keep index entries to one line under ~200 chars; move detail into topic files.`,
          },
        ],
      },
    },
  }),
  ...claude({
    name: "auto_memory_over_25000_characters_is_cut_at_the_last_whole_line_and_a_warning_is_appended",
    files: { "CLAUDE.md": "# mem\n" },
    autoMemory: `${Array.from({ length: 150 }, (_, i) => `L${String(i + 1).padStart(3, "0")} ${"y".repeat(210)}`).join("\n")}\n`,
    expected: {
      "2.1.332": {
        "claude-code.auto-memory": [
          {
            kind: "auto-memory",
            name: "MEMORY.md",
            source: "<C>/projects/<key>/memory/MEMORY.md",
            text: `${Array.from({ length: 115 }, (_, i) => `L${String(i + 1).padStart(3, "0")} ${"y".repeat(210)}`).join("\n")}\n\n> WARNING: MEMORY.md is 31.6KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded: 35 of 150 lines were cut off, starting at line 116 ("L116 ${"y".repeat(74)}…"). Keep index entries to one line under ~200 chars; move detail into topic files.`,
          },
        ],
      },
      "2.1.197": {
        "claude-code.auto-memory": [
          {
            kind: "auto-memory",
            name: "MEMORY.md",
            source: "<C>/projects/<key>/memory/MEMORY.md",
            text: `${Array.from({ length: 115 }, (_, i) => `L${String(i + 1).padStart(3, "0")} ${"y".repeat(210)}`).join("\n")}\n\n> WARNING: MEMORY.md is 31.6KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded. Keep index entries to one line under ~200 chars; move detail into topic files.`,
          },
        ],
      },
    },
  }),
  ...claude({
    name: "a_local_plugin_lists_its_skills_commands_and_agents_prefixed_with_the_plugin_name",
    // --plugin-dir loads a plugin folder as an installed plugin is loaded (the user layer).
    args: ["--plugin-dir", "<R>/plug"],
    files: {
      "CLAUDE.md": "# mem\n",
      "plug/.claude-plugin/plugin.json": JSON.stringify({
        name: "myplug",
        version: "1.0.0",
        description: "P",
      }),
      "plug/skills/pskill/SKILL.md": skillMd("pskill", "Plugin skill."),
      "plug/commands/pcmd.md": "---\ndescription: Plugin command.\n---\nx\n",
      "plug/agents/pagent.md": "---\nname: pagent\ndescription: Plugin agent.\n---\nx\n",
    },
    expected: both({
      "claude-code.skills": [
        ccCommand("myplug:pcmd", "plug/commands/pcmd.md", "- myplug:pcmd: Plugin command."),
        ccSkill("myplug:pskill", "plug/skills/pskill/SKILL.md", "- myplug:pskill: Plugin skill."),
      ],
      "claude-code.agents": [
        ccAgent(
          "myplug:pagent",
          "plug/agents/pagent.md",
          "- myplug:pagent: Plugin agent. (Tools: All tools)",
        ),
      ],
    }),
  }),
  ...claude({
    name: "an_installed_plugin_enabled_in_the_user_settings_lists_its_commands_then_its_skills_after_every_other_and_its_agents_among_the_others",
    config: {
      ...installedPlugin(PLUGIN_FILES, true),
      "skills/uskill/SKILL.md": skillMd("uskill", "User skill."),
    },
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/skills/zzz/SKILL.md": skillMd("zzz", "Proj skill z."),
      ".claude/commands/acmd.md": "---\ndescription: Proj cmd.\n---\nx\n",
      ".claude/agents/a.md": "---\nname: aagent\ndescription: Proj agent a.\n---\nx\n",
      ".claude/agents/z.md": "---\nname: zagent\ndescription: Proj agent z.\n---\nx\n",
    },
    expected: both({
      "claude-code.skills": [
        ccSkill("uskill", "<C>/skills/uskill/SKILL.md", "- uskill: User skill."),
        ccSkill("zzz", ".claude/skills/zzz/SKILL.md", "- zzz: Proj skill z."),
        ccCommand("acmd", ".claude/commands/acmd.md", "- acmd: Proj cmd."),
        ...PLUGIN_ENTRIES["claude-code.skills"],
      ],
      "claude-code.agents": [
        ccAgent("aagent", ".claude/agents/a.md", "- aagent: Proj agent a. (Tools: All tools)"),
        ...PLUGIN_ENTRIES["claude-code.agents"],
        ccAgent("zagent", ".claude/agents/z.md", "- zagent: Proj agent z. (Tools: All tools)"),
      ],
    }),
  }),
  ...claude({
    name: "an_installed_plugin_the_settings_do_not_enable_adds_nothing",
    config: installedPlugin(PLUGIN_FILES),
    files: { "CLAUDE.md": "# mem\n" },
    expected: both({}),
  }),
  ...claude({
    name: "an_installed_plugin_the_project_settings_enable_is_listed",
    config: installedPlugin(PLUGIN_FILES),
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/settings.json": JSON.stringify({ enabledPlugins: { "myplug@localmkt": true } }),
    },
    expected: both(PLUGIN_ENTRIES),
  }),
  ...claude({
    name: "the_project_settings_disabling_a_plugin_the_user_enables_win",
    config: installedPlugin(PLUGIN_FILES, true),
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/settings.json": JSON.stringify({ enabledPlugins: { "myplug@localmkt": false } }),
    },
    expected: both({}),
  }),
  ...claude({
    name: "a_project_enabling_a_plugin_of_its_own_marketplace_that_is_not_installed_lists_nothing",
    files: {
      "CLAUDE.md": "# mem\n",
      "mkt/.claude-plugin/marketplace.json": JSON.stringify({
        name: "localmkt",
        owner: { name: "t" },
        plugins: [{ name: "myplug", source: "./plugins/myplug", description: "P" }],
      }),
      ...Object.fromEntries(Object.entries(PLUGIN_FILES).map(([k, v]) => [`mkt/plugins/myplug/${k}`, v])),
      "mkt/plugins/myplug/.claude-plugin/plugin.json": JSON.stringify({ name: "myplug", version: "1.0.0" }),
      ".claude/settings.json": JSON.stringify({
        extraKnownMarketplaces: { localmkt: { source: { source: "directory", path: "./mkt" } } },
        enabledPlugins: { "myplug@localmkt": true },
      }),
    },
    expected: both({}),
  }),
  ...claude({
    name: "an_output_style_named_in_project_settings_adds_its_heading_and_body",
    files: {
      "CLAUDE.md": "# mem\n",
      ".claude/output-styles/terse.md":
        "---\nname: Terse\ndescription: Short answers.\n---\nSTYLETOKEN Answer in one line.\n",
      ".claude/output-styles/other.md": "---\nname: Other\ndescription: Other style.\n---\nOTHERSTYLE body\n",
      ".claude/settings.json": JSON.stringify({ outputStyle: "Terse" }),
    },
    expected: both({}),
    containsBy: both(["\n\n# Output Style: Terse\nSTYLETOKEN Answer in one line.\n\n"]),
  }),
];

/** The project key Claude Code files a repository's auto memory under: its absolute path, [^A-Za-z0-9] → "-". */
export function claudeProjectKey(absRoot: string): string {
  return absRoot.replace(/[^A-Za-z0-9]/g, "-");
}

// ---------------------------------------------------------------- Codex
const cxSkill = (name: string, source: string, text: string): SourceEntry => ({
  kind: "skill",
  name,
  source,
  text,
});
const cxRoot = (id: string, source: string, text: string): SourceEntry => ({
  kind: "skill-root",
  name: id,
  source,
  text,
});

const CODEX_CASES: SourcesCase[] = [
  {
    name: "codex_lists_skills_of_dot_codex_and_dot_agents_and_not_dot_claude_with_a_table_of_absolute_roots",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".codex/skills/cxa/SKILL.md": skillMd("cxa", "In .codex/skills."),
      ".agents/skills/aga/SKILL.md": skillMd("aga", "In .agents/skills."),
      ".claude/skills/cla/SKILL.md": skillMd("cla", "In .claude/skills."),
      ".agent/skills/singular/SKILL.md": skillMd("singular", "In .agent/skills."),
      ".github/skills/ghsk/SKILL.md": skillMd("ghsk", "In .github/skills."),
    },
    home: {
      ".codex/skills/homesk/SKILL.md": skillMd("homesk", "In CODEX_HOME/skills."),
      ".agents/skills/hag/SKILL.md": skillMd("hag", "In HOME/.agents/skills."),
    },
    expected: {
      "codex.skill-roots": [
        cxRoot("r0", ".codex/skills", "- `r0` = `<R>/.codex/skills`"),
        cxRoot("r1", "~/.codex/skills", "- `r1` = `<H>/.codex/skills`"),
        cxRoot("r2", "~/.agents/skills", "- `r2` = `<H>/.agents/skills`"),
        cxRoot("r4", ".agents/skills", "- `r4` = `<R>/.agents/skills`"),
      ],
      "codex.skills": [
        cxSkill("aga", ".agents/skills/aga/SKILL.md", "- aga: In .agents/skills. (file: r4/aga/SKILL.md)"),
        cxSkill("cxa", ".codex/skills/cxa/SKILL.md", "- cxa: In .codex/skills. (file: r0/cxa/SKILL.md)"),
        cxSkill(
          "hag",
          "~/.agents/skills/hag/SKILL.md",
          "- hag: In HOME/.agents/skills. (file: r2/hag/SKILL.md)",
        ),
        cxSkill(
          "homesk",
          "~/.codex/skills/homesk/SKILL.md",
          "- homesk: In CODEX_HOME/skills. (file: r1/homesk/SKILL.md)",
        ),
      ],
    },
  },
  {
    name: "codex_names_a_skill_by_frontmatter_else_folder_reads_nested_folders_and_sorts_by_code_point",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/alpha/SKILL.md": skillMd("alpha", "Alpha."),
      ".agents/skills/mismatch/SKILL.md": skillMd("other-name", "Name differs from folder."),
      ".agents/skills/noname/SKILL.md": "---\ndescription: No name.\n---\nb\n",
      ".agents/skills/group/inner/SKILL.md": skillMd("inner", "Nested in group folder."),
      ".agents/skills/Zeta/SKILL.md": skillMd("Zeta", "Upper."),
      ".agents/skills/_under/SKILL.md": skillMd("_under", "Under."),
      ".agents/skills/badyaml/SKILL.md": "---\nname: badyaml\ndescription: bad: yaml: [\n---\nb\n",
    },
    expected: {
      "codex.skill-roots": [cxRoot("r1", ".agents/skills", "- `r1` = `<R>/.agents/skills`")],
      "codex.skills": [
        cxSkill("Zeta", ".agents/skills/Zeta/SKILL.md", "- Zeta: Upper. (file: r1/Zeta/SKILL.md)"),
        cxSkill("_under", ".agents/skills/_under/SKILL.md", "- _under: Under. (file: r1/_under/SKILL.md)"),
        cxSkill("alpha", ".agents/skills/alpha/SKILL.md", "- alpha: Alpha. (file: r1/alpha/SKILL.md)"),
        cxSkill(
          "badyaml",
          ".agents/skills/badyaml/SKILL.md",
          "- badyaml: bad: yaml: [ (file: r1/badyaml/SKILL.md)",
        ),
        cxSkill(
          "inner",
          ".agents/skills/group/inner/SKILL.md",
          "- inner: Nested in group folder. (file: r1/group/inner/SKILL.md)",
        ),
        cxSkill("noname", ".agents/skills/noname/SKILL.md", "- noname: No name. (file: r1/noname/SKILL.md)"),
        cxSkill(
          "other-name",
          ".agents/skills/mismatch/SKILL.md",
          "- other-name: Name differs from folder. (file: r1/mismatch/SKILL.md)",
        ),
      ],
    },
  },
  {
    name: "codex_drops_a_skill_without_frontmatter_or_description_or_with_a_name_over_64_characters",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\n# Heading\nbody\n",
      ".agents/skills/nofm/SKILL.md": "# NoFM\nbody\n",
      ".agents/skills/emptyd/SKILL.md": '---\nname: emptyd\ndescription: ""\n---\nb\n',
      ".agents/skills/n64/SKILL.md": skillMd("a".repeat(64), "Name 64."),
      ".agents/skills/n65/SKILL.md": skillMd("b".repeat(65), "Name 65."),
    },
    expected: {
      "codex.skill-roots": [cxRoot("r1", ".agents/skills", "- `r1` = `<R>/.agents/skills`")],
      "codex.skills": [
        cxSkill(
          "a".repeat(64),
          ".agents/skills/n64/SKILL.md",
          `- ${"a".repeat(64)}: Name 64. (file: r1/n64/SKILL.md)`,
        ),
      ],
    },
  },
  {
    name: "codex_cuts_a_description_over_1024_characters_to_1021_and_three_dots_and_joins_its_lines",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/long/SKILL.md": skillMd("long", "L".repeat(1200)),
      ".agents/skills/utf/SKILL.md": skillMd("utf", "é".repeat(1100)),
      ".agents/skills/multi/SKILL.md": "---\nname: multi\ndescription: |\n  Line one\n  Line two\n---\nb\n",
    },
    expected: {
      "codex.skill-roots": [cxRoot("r1", ".agents/skills", "- `r1` = `<R>/.agents/skills`")],
      "codex.skills": [
        cxSkill(
          "long",
          ".agents/skills/long/SKILL.md",
          `- long: ${"L".repeat(1021)}... (file: r1/long/SKILL.md)`,
        ),
        cxSkill(
          "multi",
          ".agents/skills/multi/SKILL.md",
          "- multi: Line one Line two (file: r1/multi/SKILL.md)",
        ),
        cxSkill(
          "utf",
          ".agents/skills/utf/SKILL.md",
          `- utf: ${"é".repeat(1021)}... (file: r1/utf/SKILL.md)`,
        ),
      ],
    },
  },
  {
    name: "codex_hides_a_skill_whose_agents_openai_yaml_disallows_implicit_invocation",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/hidden/SKILL.md": skillMd("hidden", "Hidden by openai.yaml."),
      ".agents/skills/hidden/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
      ".agents/skills/shown/SKILL.md": skillMd("shown", "Allowed explicitly."),
      ".agents/skills/shown/agents/openai.yaml": "policy:\n  allow_implicit_invocation: true\n",
      ".agents/skills/badoai/SKILL.md": skillMd("badoai", "Invalid openai.yaml."),
      ".agents/skills/badoai/agents/openai.yaml": "policy: [unclosed\n",
      ".agents/skills/iface/SKILL.md": skillMd("iface", "Has interface yaml."),
      ".agents/skills/iface/agents/openai.yaml":
        'interface:\n  display_name: "Iface Display"\n  short_description: "Iface short"\n',
    },
    expected: {
      "codex.skill-roots": [cxRoot("r1", ".agents/skills", "- `r1` = `<R>/.agents/skills`")],
      "codex.skills": [
        cxSkill(
          "badoai",
          ".agents/skills/badoai/SKILL.md",
          "- badoai: Invalid openai.yaml. (file: r1/badoai/SKILL.md)",
        ),
        cxSkill(
          "iface",
          ".agents/skills/iface/SKILL.md",
          "- iface: Has interface yaml. (file: r1/iface/SKILL.md)",
        ),
        cxSkill(
          "shown",
          ".agents/skills/shown/SKILL.md",
          "- shown: Allowed explicitly. (file: r1/shown/SKILL.md)",
        ),
      ],
    },
  },
  {
    name: "codex_lists_both_skills_of_one_name_from_two_folders",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/dup/SKILL.md": skillMd("dup", "Dup in .agents."),
      ".codex/skills/dup/SKILL.md": skillMd("dup", "Dup in .codex."),
    },
    expected: {
      "codex.skill-roots": [
        cxRoot("r0", ".codex/skills", "- `r0` = `<R>/.codex/skills`"),
        cxRoot("r2", ".agents/skills", "- `r2` = `<R>/.agents/skills`"),
      ],
      "codex.skills": [
        cxSkill("dup", ".agents/skills/dup/SKILL.md", "- dup: Dup in .agents. (file: r2/dup/SKILL.md)"),
        cxSkill("dup", ".codex/skills/dup/SKILL.md", "- dup: Dup in .codex. (file: r0/dup/SKILL.md)"),
      ],
    },
  },
  {
    name: "codex_reads_skill_folders_from_the_cwd_up_to_the_git_root_and_none_below_or_above",
    agent: "codex",
    cwd: "sub",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/alpha/SKILL.md": skillMd("alpha", "Alpha."),
      "sub/.agents/skills/subsk/SKILL.md": skillMd("subsk", "In sub (cwd)."),
      "sub/.codex/skills/subcx/SKILL.md": skillMd("subcx", "In sub/.codex."),
      "sub/deeper/.agents/skills/deep/SKILL.md": skillMd("deep", "Below cwd."),
      "../.agents/skills/ancestor/SKILL.md": skillMd("ancestor", "Above repo."),
    },
    expected: {
      "codex.skill-roots": [
        cxRoot("r0", "sub/.codex/skills", "- `r0` = `<R>/sub/.codex/skills`"),
        cxRoot("r2", ".agents/skills", "- `r2` = `<R>/.agents/skills`"),
        cxRoot("r3", "sub/.agents/skills", "- `r3` = `<R>/sub/.agents/skills`"),
      ],
      "codex.skills": [
        cxSkill("alpha", ".agents/skills/alpha/SKILL.md", "- alpha: Alpha. (file: r2/alpha/SKILL.md)"),
        cxSkill(
          "subcx",
          "sub/.codex/skills/subcx/SKILL.md",
          "- subcx: In sub/.codex. (file: r0/subcx/SKILL.md)",
        ),
        cxSkill(
          "subsk",
          "sub/.agents/skills/subsk/SKILL.md",
          "- subsk: In sub (cwd). (file: r3/subsk/SKILL.md)",
        ),
      ],
    },
  },
  {
    name: "codex_honours_skills_config_enabled_false_in_the_user_config_and_not_in_the_project_config",
    agent: "codex",
    files: {
      "AGENTS.md": "# agents\n",
      ".agents/skills/userdisabled/SKILL.md": skillMd("userdisabled", "Disabled by user config."),
      ".agents/skills/projdisabled/SKILL.md": skillMd("projdisabled", "Disabled by project config."),
      ".codex/config.toml":
        '[[skills.config]]\npath = "<R>/.agents/skills/projdisabled/SKILL.md"\nenabled = false\n',
      "shared/lk/SKILL.md": skillMd("lk", "Through a symlinked folder."),
    },
    links: { ".agents/skills/lk": "../../shared/lk" },
    home: {
      ".codex/config.toml":
        '[[skills.config]]\npath = "<R>/.agents/skills/userdisabled/SKILL.md"\nenabled = false\n',
    },
    expected: {
      "codex.skill-roots": [cxRoot("r1", ".agents/skills", "- `r1` = `<R>/.agents/skills`")],
      "codex.skills": [
        cxSkill(
          "lk",
          ".agents/skills/lk/SKILL.md",
          "- lk: Through a symlinked folder. (file: r1/lk/SKILL.md)",
        ),
        cxSkill(
          "projdisabled",
          ".agents/skills/projdisabled/SKILL.md",
          "- projdisabled: Disabled by project config. (file: r1/projdisabled/SKILL.md)",
        ),
      ],
    },
  },
  {
    name: "codex_lists_custom_agent_roles_in_the_spawn_agent_tool_user_ones_always_project_ones_once_trusted",
    agent: "codex",
    codexExec: true,
    files: {
      "AGENTS.md": "# agents\n",
      ".codex/agents/reviewer.toml":
        'name = "reviewer"\ndescription = "Reviews code."\ndeveloper_instructions = "You review."\n',
      ".codex/config.toml": '[agents.planner]\ndescription = "Plans work.\\nTwo lines."\n',
    },
    home: {
      ".codex/agents/uagent.toml":
        'name = "uagent"\ndescription = "User role."\ndeveloper_instructions = "x"\n',
      ".codex/config.toml": '[projects."<R>"]\ntrust_level = "trusted"\n',
    },
    expected: {
      "codex.agent-roles": [
        {
          kind: "subagent",
          name: "planner",
          source: ".codex/config.toml",
          text: "planner: {\nPlans work.\nTwo lines.\n}",
        },
        {
          kind: "subagent",
          name: "reviewer",
          source: ".codex/agents/reviewer.toml",
          text: "reviewer: {\nReviews code.\n}",
        },
        {
          kind: "subagent",
          name: "uagent",
          source: "~/.codex/agents/uagent.toml",
          text: "uagent: {\nUser role.\n}",
        },
      ],
    },
  },
  {
    name: "codex_ignores_project_agent_roles_of_an_untrusted_project",
    agent: "codex",
    codexExec: true,
    files: {
      "AGENTS.md": "# agents\n",
      ".codex/agents/reviewer.toml":
        'name = "reviewer"\ndescription = "Reviews code."\ndeveloper_instructions = "You review."\n',
    },
    home: {
      ".codex/agents/uagent.toml":
        'name = "uagent"\ndescription = "User role."\ndeveloper_instructions = "x"\n',
    },
    expected: {
      "codex.agent-roles": [
        {
          kind: "subagent",
          name: "uagent",
          source: "~/.codex/agents/uagent.toml",
          text: "uagent: {\nUser role.\n}",
        },
      ],
    },
  },
];

// ---------------------------------------------------------------- Gemini CLI
const gmSkill = (name: string, source: string, description: string): SourceEntry => ({
  kind: "skill",
  name,
  source,
  text: `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${source.startsWith("~/") ? `<H>/${source.slice(2)}` : `<R>/${source}`}</location>\n  </skill>`,
});
const gmAgent = (name: string, source: string, description: string): SourceEntry => ({
  kind: "subagent",
  name,
  source,
  text: `  <subagent>\n    <name>${name}</name>\n    <description>${description}</description>\n  </subagent>`,
});

const GEMINI_CASES: SourcesCase[] = [
  {
    name: "gemini_lists_user_then_workspace_skills_of_dot_gemini_and_dot_agents_with_absolute_locations_and_not_dot_claude",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/skills/alpha/SKILL.md": skillMd("alpha", "Alpha in .gemini/skills."),
      ".agents/skills/aga/SKILL.md": skillMd("aga", "In .agents/skills."),
      ".claude/skills/cla/SKILL.md": skillMd("cla", "In .claude/skills."),
    },
    home: {
      ".gemini/skills/usk/SKILL.md": skillMd("usk", "User skill."),
      ".agents/skills/uag/SKILL.md": skillMd("uag", "In ~/.agents/skills."),
    },
    expected: {
      "gemini-cli.skills": [
        gmSkill("usk", "~/.gemini/skills/usk/SKILL.md", "User skill."),
        gmSkill("uag", "~/.agents/skills/uag/SKILL.md", "In ~/.agents/skills."),
        gmSkill("alpha", ".gemini/skills/alpha/SKILL.md", "Alpha in .gemini/skills."),
        gmSkill("aga", ".agents/skills/aga/SKILL.md", "In .agents/skills."),
      ],
    },
  },
  {
    name: "gemini_reads_skill_md_at_depth_one_or_zero_needs_name_and_description_sanitizes_names_and_neither_cuts_nor_escapes",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/skills/SKILL.md": skillMd("toplevel", "SKILL.md directly in skills dir."),
      ".gemini/skills/group/inner/SKILL.md": skillMd("inner", "Nested two deep."),
      ".gemini/skills/mismatch/SKILL.md": skillMd("other-name", "Name differs."),
      ".gemini/skills/noname/SKILL.md": "---\ndescription: No name.\n---\nb\n",
      ".gemini/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nb\n",
      ".gemini/skills/badyaml/SKILL.md":
        "---\nname: badyaml\ndescription: bad: yaml: [\n  continued line\n---\nb\n",
      ".gemini/skills/colon/SKILL.md": skillMd("a:b/c", "Name with colon and slash."),
      ".gemini/skills/long/SKILL.md": skillMd("long", "L".repeat(2000)),
      ".gemini/skills/xml/SKILL.md": skillMd("xml", "Has <tags> & ampersand."),
    },
    unordered: ["gemini-cli.skills"],
    expected: {
      "gemini-cli.skills": [
        gmSkill("toplevel", ".gemini/skills/SKILL.md", "SKILL.md directly in skills dir."),
        gmSkill("other-name", ".gemini/skills/mismatch/SKILL.md", "Name differs."),
        gmSkill("badyaml", ".gemini/skills/badyaml/SKILL.md", "bad: yaml: [ continued line"),
        gmSkill("a-b-c", ".gemini/skills/colon/SKILL.md", "Name with colon and slash."),
        gmSkill("long", ".gemini/skills/long/SKILL.md", "L".repeat(2000)),
        gmSkill("xml", ".gemini/skills/xml/SKILL.md", "Has <tags> & ampersand."),
      ],
    },
  },
  {
    name: "gemini_lets_a_dot_agents_skill_replace_a_dot_gemini_skill_of_the_same_name",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/skills/dup/SKILL.md": skillMd("dup", "Dup in .gemini."),
      ".agents/skills/dup/SKILL.md": skillMd("dup", "Dup in .agents."),
    },
    expected: { "gemini-cli.skills": [gmSkill("dup", ".agents/skills/dup/SKILL.md", "Dup in .agents.")] },
  },
  {
    name: "gemini_hides_a_skill_named_in_the_workspace_settings_skills_disabled_case_insensitively",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/skills/alpha/SKILL.md": skillMd("alpha", "Alpha."),
      ".gemini/skills/beta/SKILL.md": skillMd("beta", "Beta."),
      ".gemini/settings.json": JSON.stringify({ skills: { disabled: ["Beta"] } }),
    },
    expected: { "gemini-cli.skills": [gmSkill("alpha", ".gemini/skills/alpha/SKILL.md", "Alpha.")] },
  },
  {
    name: "gemini_reads_workspace_skills_of_the_cwd_only",
    agent: "gemini-cli",
    cwd: "sub",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/skills/rootsk/SKILL.md": skillMd("rootsk", "At the root."),
      "sub/.gemini/skills/subsk/SKILL.md": skillMd("subsk", "In sub."),
    },
    expected: { "gemini-cli.skills": [gmSkill("subsk", "sub/.gemini/skills/subsk/SKILL.md", "In sub.")] },
  },
  {
    name: "gemini_lists_user_subagents_and_a_project_subagent_only_once_the_user_acknowledged_its_hash",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/agents/minimal.md":
        "---\nname: minimal\ndescription: Minimal project agent.\n---\nYou do things.\n",
      ".gemini/agents/unacked.md":
        "---\nname: unacked\ndescription: Not acknowledged.\n---\nYou do things.\n",
      ".gemini/agents/_hidden.md": "---\nname: hidden\ndescription: Underscore file.\n---\nx\n",
    },
    home: {
      ".gemini/agents/uagent.md": "---\nname: uagent\ndescription: User agent.\n---\nYou do things.\n",
      // `SHA256:<path>` stands for the sha256 of that repository file's text (written by the runner).
      ".gemini/acknowledgments/agents.json": JSON.stringify({
        "<R>": { minimal: "SHA256:.gemini/agents/minimal.md" },
      }),
    },
    expected: {
      "gemini-cli.subagents": [
        gmAgent("minimal", ".gemini/agents/minimal.md", "Minimal project agent."),
        gmAgent("uagent", "~/.gemini/agents/uagent.md", "User agent."),
      ],
    },
  },
  {
    name: "gemini_sends_a_user_extension_context_file_in_extension_context_and_ignores_workspace_extensions",
    agent: "gemini-cli",
    files: {
      "GEMINI.md": "# gem\n",
      ".gemini/extensions/ext1/gemini-extension.json": JSON.stringify({
        name: "ext1",
        version: "1.0.0",
        contextFileName: "EXT.md",
      }),
      ".gemini/extensions/ext1/EXT.md": "EXTCONTEXT body\n",
    },
    home: {
      ".gemini/extensions/hext/gemini-extension.json": JSON.stringify({
        name: "hext",
        version: "1.0.0",
        contextFileName: "HEXT.md",
      }),
      ".gemini/extensions/hext/HEXT.md": "HEXTCONTEXT body\n",
      ".gemini/extensions/dext/gemini-extension.json": JSON.stringify({ name: "dext", version: "1.0.0" }),
      ".gemini/extensions/dext/GEMINI.md": "DEXT default context\n",
    },
    unordered: ["gemini-cli.extensions"],
    expected: {
      "gemini-cli.extensions": [
        {
          kind: "extension",
          name: "hext",
          source: "~/.gemini/extensions/hext/HEXT.md",
          text: "--- Context from: <H>/.gemini/extensions/hext/HEXT.md ---\nHEXTCONTEXT body\n--- End of Context from: <H>/.gemini/extensions/hext/HEXT.md ---",
        },
        {
          kind: "extension",
          name: "dext",
          source: "~/.gemini/extensions/dext/GEMINI.md",
          text: "--- Context from: <H>/.gemini/extensions/dext/GEMINI.md ---\nDEXT default context\n--- End of Context from: <H>/.gemini/extensions/dext/GEMINI.md ---",
        },
      ],
    },
  },
];

// ---------------------------------------------------------------- Copilot CLI
const cpSkill = (name: string, source: string, description: string, location = "project"): SourceEntry => ({
  kind: source.includes("/commands/") ? "command" : "skill",
  name,
  source,
  text: `<skill>\n  <name>${name}</name>\n  <description>${description}</description>\n  <location>${location}</location>\n</skill>`,
});
const cpAgent = (name: string, source: string, description: string): SourceEntry => ({
  kind: "subagent",
  name,
  source,
  text: `- **${name}**: ${description}`,
});

const COPILOT_CASES: SourcesCase[] = [
  {
    name: "copilot_lists_project_skills_of_dot_agents_dot_claude_dot_github_then_user_skills_and_claude_commands_last",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/skills/ghs/SKILL.md": skillMd("ghs", "In .github/skills."),
      ".claude/skills/cls/SKILL.md": skillMd("cls", "In .claude/skills."),
      ".agents/skills/ags/SKILL.md": skillMd("ags", "In .agents/skills."),
      ".copilot/skills/cps/SKILL.md": skillMd("cps", "In .copilot/skills."),
      ".claude/commands/ccmd.md": "---\ndescription: Claude command.\n---\nx\n",
      ".claude/commands/firstline.md": "First line only.\n",
      ".claude/commands/grp/nested.md": "---\ndescription: Nested command.\n---\nx\n",
      ".github/prompts/p1.prompt.md": "---\ndescription: A prompt file.\n---\nDo it.\n",
    },
    home: { ".copilot/skills/hs/SKILL.md": skillMd("hs", "In ~/.copilot/skills.") },
    expected: {
      "copilot-cli.skills": [
        cpSkill("ags", ".agents/skills/ags/SKILL.md", "In .agents/skills."),
        cpSkill("cls", ".claude/skills/cls/SKILL.md", "In .claude/skills."),
        cpSkill("ghs", ".github/skills/ghs/SKILL.md", "In .github/skills."),
        cpSkill("hs", "~/.copilot/skills/hs/SKILL.md", "In ~/.copilot/skills.", "user"),
        cpSkill("ccmd", ".claude/commands/ccmd.md", "Claude command."),
        cpSkill("firstline", ".claude/commands/firstline.md", "First line only."),
      ],
    },
  },
  {
    name: "copilot_escapes_xml_reads_nested_skill_folders_and_drops_hidden_unparseable_and_over_long_skills",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/skills/zeta/SKILL.md": skillMd("zeta", "Zeta."),
      ".github/skills/Alpha/SKILL.md": skillMd("Alpha", "Upper alpha."),
      ".github/skills/mismatch/SKILL.md": skillMd("other-name", "Name differs."),
      ".github/skills/noname/SKILL.md": "---\ndescription: No name.\n---\nb\n",
      ".github/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\n# Heading\nbody\n",
      ".github/skills/nofm/SKILL.md": "# NoFM\nbody\n",
      ".github/skills/badyaml/SKILL.md": "---\nname: badyaml\ndescription: bad: yaml: [\n---\nb\n",
      ".github/skills/d1024/SKILL.md": skillMd("d1024", "K".repeat(1024)),
      ".github/skills/d1025/SKILL.md": skillMd("d1025", "K".repeat(1025)),
      ".github/skills/hidden/SKILL.md": skillMd("hidden", "Hidden.", "disable-model-invocation: true\n"),
      ".github/skills/noinv/SKILL.md": skillMd("noinv", "Not user invocable.", "user-invocable: false\n"),
      ".github/skills/group/inner/SKILL.md": skillMd("inner", "Nested."),
      ".github/skills/xml/SKILL.md": skillMd("xml", "Has <b> & amp."),
    },
    expected: {
      "copilot-cli.skills": [
        cpSkill("Alpha", ".github/skills/Alpha/SKILL.md", "Upper alpha."),
        cpSkill("d1024", ".github/skills/d1024/SKILL.md", "K".repeat(1024)),
        cpSkill("inner", ".github/skills/group/inner/SKILL.md", "Nested."),
        cpSkill("nodesc", ".github/skills/nodesc/SKILL.md", "body"),
        cpSkill("noinv", ".github/skills/noinv/SKILL.md", "Not user invocable."),
        cpSkill("noname", ".github/skills/noname/SKILL.md", "No name."),
        cpSkill("other-name", ".github/skills/mismatch/SKILL.md", "Name differs."),
        cpSkill("xml", ".github/skills/xml/SKILL.md", "Has &lt;b&gt; &amp; amp."),
        cpSkill("zeta", ".github/skills/zeta/SKILL.md", "Zeta."),
      ],
    },
  },
  {
    name: "copilot_keeps_the_dot_github_skill_of_a_name_found_in_three_folders",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/skills/dup/SKILL.md": skillMd("dup", "Dup in .github."),
      ".claude/skills/dup/SKILL.md": skillMd("dup", "Dup in .claude."),
      ".agents/skills/dup/SKILL.md": skillMd("dup", "Dup in .agents."),
    },
    expected: { "copilot-cli.skills": [cpSkill("dup", ".github/skills/dup/SKILL.md", "Dup in .github.")] },
  },
  {
    name: "copilot_reads_skills_and_agents_from_the_cwd_up_to_the_git_root_nearest_first",
    agent: "copilot-cli",
    cwd: "sub",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/skills/rootsk/SKILL.md": skillMd("rootsk", "At the root."),
      "sub/.github/skills/subsk/SKILL.md": skillMd("subsk", "In sub."),
      "sub/.github/agents/subag.agent.md": "---\nname: subag\ndescription: In sub.\n---\nx\n",
      "../.github/skills/anc/SKILL.md": skillMd("anc", "Above repo."),
    },
    expected: {
      "copilot-cli.skills": [
        cpSkill("subsk", "sub/.github/skills/subsk/SKILL.md", "In sub."),
        cpSkill("rootsk", ".github/skills/rootsk/SKILL.md", "At the root."),
      ],
      "copilot-cli.agents": [cpAgent("subag", "sub/.github/agents/subag.agent.md", "In sub.")],
    },
  },
  {
    name: "copilot_lists_custom_agents_of_dot_github_dot_claude_and_the_user_sorted_in_the_task_tool_description",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/agents/rev.agent.md":
        "---\nname: rev\ndescription: Reviewer agent in .github/agents.\ntools: ['read']\n---\nYou review.\n",
      ".github/agents/plain.md": "---\nname: plain\ndescription: Plain md in .github/agents.\n---\nx\n",
      ".claude/agents/clag.md": "---\nname: clag\ndescription: Claude agent.\n---\nx\n",
      ".github/agents/nested/deep.agent.md": "---\nname: deep\ndescription: Nested agent dir.\n---\nx\n",
    },
    home: { ".copilot/agents/hag.agent.md": "---\nname: hag\ndescription: Home agent.\n---\nx\n" },
    expected: {
      "copilot-cli.agents": [
        cpAgent("clag", ".claude/agents/clag.md", "Claude agent."),
        cpAgent("deep", ".github/agents/nested/deep.agent.md", "Nested agent dir."),
        cpAgent("hag", "~/.copilot/agents/hag.agent.md", "Home agent."),
        cpAgent("plain", ".github/agents/plain.md", "Plain md in .github/agents."),
        cpAgent("rev", ".github/agents/rev.agent.md", "Reviewer agent in .github/agents."),
      ],
    },
  },
  {
    name: "copilot_names_an_agent_by_its_file_when_unnamed_drops_it_without_description_or_with_infer_false_and_never_cuts",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/agents/noname.agent.md": "---\ndescription: Agent without name.\n---\nx\n",
      ".github/agents/nodesc.agent.md": "---\nname: nodescag\n---\nx\n",
      ".github/agents/long.agent.md": `---\nname: longag\ndescription: ${"A".repeat(1500)}\n---\nx\n`,
      ".github/agents/nofm.agent.md": "Just text.\n",
      ".github/agents/dupag.agent.md": "---\nname: dupag\ndescription: Dup in .github.\n---\nx\n",
      ".claude/agents/dupag.md": "---\nname: dupag\ndescription: Dup in .claude.\n---\nx\n",
      ".github/agents/hiddenag.agent.md":
        "---\nname: hiddenag\ndescription: Hidden agent.\ninfer: false\n---\nx\n",
    },
    expected: {
      "copilot-cli.agents": [
        cpAgent("dupag", ".github/agents/dupag.agent.md", "Dup in .github."),
        cpAgent("longag", ".github/agents/long.agent.md", "A".repeat(1500)),
        cpAgent("noname", ".github/agents/noname.agent.md", "Agent without name."),
      ],
    },
  },
  {
    name: "copilot_drops_a_skill_or_agent_whose_frontmatter_field_has_the_wrong_type",
    agent: "copilot-cli",
    files: {
      "AGENTS.md": "# agents\n",
      ".github/skills/arghint/SKILL.md": skillMd(
        "arghint",
        "Argument hint as a YAML list.",
        "argument-hint: [VERSION]\n",
      ),
      ".github/skills/argstr/SKILL.md": skillMd(
        "argstr",
        "Argument hint as a string.",
        'argument-hint: "[VERSION]"\n',
      ),
      ".github/agents/skillsstr.agent.md":
        "---\nname: skillsstr\ndescription: Skills as a string.\nskills: a:b\n---\nx\n",
      ".github/agents/skillslist.agent.md":
        "---\nname: skillslist\ndescription: Skills as a list.\nskills:\n  - a\n---\nx\n",
      ".github/agents/comment.agent.md":
        '---\nname: comment\n# prettier-ignore\ndescription: "Quoted after a comment"\nversion: 1.0.0\ncolor: blue\nmodel: sonnet\n---\nx\n',
    },
    expected: {
      "copilot-cli.skills": [
        cpSkill("argstr", ".github/skills/argstr/SKILL.md", "Argument hint as a string."),
      ],
      "copilot-cli.agents": [
        cpAgent("comment", ".github/agents/comment.agent.md", "Quoted after a comment"),
        cpAgent("skillslist", ".github/agents/skillslist.agent.md", "Skills as a list."),
      ],
    },
  },
];

export const SOURCES_CASES: SourcesCase[] = [
  ...CLAUDE_CASES,
  ...CODEX_CASES,
  ...GEMINI_CASES,
  ...COPILOT_CASES,
];
