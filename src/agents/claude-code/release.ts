/**
 * Who the agent is and the Claude Code releases the model was verified on, in one place: its registry id
 * and display name, and what differs between the releases — one record of behaviour flags per release,
 * newest first (the first is the default). Every flag names the conformance case that settled
 * it (test/conformance/claude-launch.fixtures.ts, run on each release by claude-launch.test.ts) and
 * docs/findings-claude-releases.md explains it. Everything not listed here behaves the same on every
 * release in the table.
 */
import { unknownReleaseError } from "../release.js";
import {
  CLAUDE_RANGES_FROM,
  CLAUDE_RANGES_TO,
  CLAUDE_RELEASE_RANGES,
  compareReleases,
  inReleaseRange,
} from "./release-ranges.js";

/** Registry id of the agent. */
export const CLAUDE_CODE_ID = "claude-code";
/** Display name of the agent. */
export const CLAUDE_CODE_NAME = "Claude Code";
/**
 * The Claude Code CLI release the claude-code model (launch set, rule classification, on-demand
 * attachment, pointers) was verified on first: the default. The one definition: every other "verified on"
 * reads it.
 */
export const CLAUDE_CODE_VERIFIED_VERSION = "2.1.332";

/** The behaviour of one Claude Code release where releases differ. */
export interface ClaudeReleaseBehaviour {
  /** The CLI's version string, e.g. "2.1.332". */
  release: string;
  /**
   * AGENTS.md and `.claude/AGENTS.md` load by themselves at launch where no CLAUDE file gives text (the
   * CLI's "claude-md-or-agents-md" mode). False: they load only when a memory file imports them.
   * Settled by `an_agents_md_only_repository_loads_agents_md` (2.1.332 loads it; 2.1.197 loads nothing)
   * and `an_agents_md_imported_by_claude_md_loads_once_as_an_import` (both load the import).
   */
  agentsMdAtLaunch: boolean;
  /**
   * A leading byte order mark is dropped before the frontmatter fence is looked for. False: a file that
   * starts with a BOM has no frontmatter (a rule is unscoped and its `---` block is injected; the BOM
   * itself is trimmed away with the surrounding white space). Settled by
   * `a_bom_does_not_hide_frontmatter_and_is_not_injected`.
   */
  bomBeforeFrontmatter: boolean;
  /**
   * A rule reached through a symlink whose real path lies outside the working directory is dropped. False:
   * it loads from its target like any other rule (with its imports, which still must lie inside the
   * working directory), and so do the rules of a `.claude/rules` directory linked outside it. Settled by
   * `a_rules_directory_symlinked_outside_the_working_directory`,
   * `a_rule_symlinked_outside_the_working_directory_follows_only_imports_inside_it`, `a_rule_symlinked_outside_the_repository_does_not_load`,
   * `a_rule_symlinked_above_the_repository_does_not_load`,
   * `a_rule_of_the_working_directory_symlinked_to_a_file_above_it_does_not_load` and
   * `an_ancestor_rule_symlinked_outside_the_working_directory_does_not_load_but_its_plain_rules_do`.
   */
  ruleLinksStayInsideCwd: boolean;
  /**
   * An import is followed only when its REAL path lies inside the working directory. False: the path as
   * written (after `~/` and relative resolution) is checked, so an import through a symlink inside the
   * working directory loads even when the link leads outside it. Settled by
   * `an_import_symlinked_to_a_file_outside_the_working_directory_does_not_load_and_one_inside_loads_by_its_link_path`.
   */
  importRealPathInsideCwd: boolean;
  /**
   * On read: a Read of a missing file and a Read of a directory attach too. False: only a Read of an
   * existing regular file does. From 2.1.199 (release-ranges.ts `attach-on-read-missing`,
   * `attach-on-read-directory`). Settled by claude-onread.test.ts
   * `on_2_1_197_only_a_read_of_an_existing_file_attaches` and
   * `a_read_of_a_directory_attaches_like_a_read_of_a_file_in_it`.
   */
  attachOnReadOfAnyPath: boolean;
  /**
   * On read: Write, Edit (MultiEdit, NotebookEdit) attach the nested memory above their file, a new file's
   * Write too. False: they attach nothing. From 2.1.288 (release-ranges.ts `attach-on-write`,
   * `attach-on-edit`). Settled by claude-onread.test.ts
   * `write_edit_and_a_plain_bash_read_attach_but_a_pipe_does_not` (2.1.332) and
   * `on_2_1_197_only_a_read_of_an_existing_file_attaches`.
   */
  attachOnWriteEdit: boolean;
  /**
   * On read: a plain-read Bash command (`cat pkg/a.txt`) attaches the nested memory above its file. False:
   * no Bash command does. From 2.1.293 (release-ranges.ts `attach-on-bash-read`), settled by the same cases.
   */
  attachOnBashRead: boolean;
  /**
   * On read: the launch set counts as in context, so nothing loaded at launch is attached again. False: a
   * file loaded at launch (a memory file, an import) is attached again when nested memory imports it; files
   * read or attached earlier in the session still are not. Settled by claude-onread.test.ts
   * `an_import_loaded_at_launch_is_attached_again_by_nested_memory_only_on_2_1_197`.
   */
  launchSetInContextOnRead: boolean;
  /**
   * On a Read, the CLI's built-in AGENTS.md plugin adds the AGENTS files (with their imports) of the
   * directories between the working directory and the file, in a project without CLAUDE files (on-read.ts,
   * agentsOnRead). False: no AGENTS file is added on read. Settled by claude-onread.test.ts "agents md on
   * read" (`nested_agents_md_files_two_levels_down_are_attached_on_read_outermost_first` …).
   */
  agentsMdOnRead: boolean;
  /**
   * The AGENTS.md plugin's `instructionFiles` (and legacy `projectInstructions`) option in the user settings
   * selects a mode (layers.ts). False: the release has no such plugin or option (2.1.197's binary holds
   * neither string) and a `managed-only` setting changes nothing. Settled by fuzz case h197:37
   * (test/conformance/fuzz/found.ts `the_agents_md_plugin_mode_changes_nothing_on_2_1_197`).
   */
  agentsMdPluginOptions: boolean;
  /**
   * A body holding `<!--` is sent with LF line endings (CRLF and lone CR become LF) whether or not a comment
   * block was stripped: the release re-joins its Markdown lexer's tokens. False: only a body whose comment
   * block was stripped is (2.1.332 sends an inline comment's CRLF file as written). Settled by fuzz case
   * h197:215 (test/conformance/fuzz/found.ts `a_crlf_file_with_an_inline_comment_is_sent_with_lf_on_2_1_197`).
   */
  lfWhereCommentMarker: boolean;
  /**
   * On read, a rule with a `paths:` pattern the gitignore matcher cannot compile (an unclosed `[`, as an
   * unquoted flow list `[b/**, *.md]` leaves after the lenient YAML retry quotes it and the CLI splits it at
   * commas) in a folder the read visits ends the read's attachments there: that folder's memory and rules
   * and every later folder (deeper nested folders, then the working directory's scoped rules) attach
   * nothing; earlier folders keep theirs. False: the pattern is dropped and the rest attach (2.1.332).
   * Launch is not affected. Settled by fuzz cases h197:172 and 175 (test/conformance/fuzz/found.ts
   * `a_rule_with_a_glob_that_does_not_compile_ends_the_reads_attachments_on_2_1_197`).
   */
  badGlobEndsRead: boolean;
}

/** The releases the claude-code model was verified on, newest (the default) first. */
export const CLAUDE_RELEASES: readonly ClaudeReleaseBehaviour[] = [
  {
    release: CLAUDE_CODE_VERIFIED_VERSION,
    agentsMdAtLaunch: true,
    bomBeforeFrontmatter: true,
    ruleLinksStayInsideCwd: true,
    importRealPathInsideCwd: true,
    attachOnReadOfAnyPath: true,
    attachOnWriteEdit: true,
    attachOnBashRead: true,
    launchSetInContextOnRead: true,
    agentsMdOnRead: true,
    agentsMdPluginOptions: true,
    lfWhereCommentMarker: false,
    badGlobEndsRead: false,
  },
  {
    release: "2.1.197",
    agentsMdAtLaunch: false,
    bomBeforeFrontmatter: false,
    ruleLinksStayInsideCwd: false,
    importRealPathInsideCwd: false,
    attachOnReadOfAnyPath: false,
    attachOnWriteEdit: false,
    attachOnBashRead: false,
    launchSetInContextOnRead: false,
    agentsMdOnRead: false,
    agentsMdPluginOptions: false,
    lfWhereCommentMarker: true,
    badGlobEndsRead: true,
  },
];

/**
 * Which flag each release range sets (release-ranges.ts ids). A flag with several ranges holds where all
 * of them do (they share one boundary). Behaviours of the table that no flag holds (`attach-on-read`,
 * the framing ranges) are verify's parser's (./verify.ts) or controls.
 */
const FLAG_RANGES: Readonly<Record<Exclude<keyof ClaudeReleaseBehaviour, "release">, readonly string[]>> = {
  agentsMdAtLaunch: ["agents-md-at-launch", "dot-claude-agents-md-at-launch"],
  bomBeforeFrontmatter: ["bom-before-frontmatter"],
  ruleLinksStayInsideCwd: ["rule-link-outside-cwd-dropped", "rules-dir-link-outside-cwd-dropped"],
  importRealPathInsideCwd: ["import-real-path-inside-cwd"],
  attachOnReadOfAnyPath: ["attach-on-read-missing", "attach-on-read-directory"],
  attachOnWriteEdit: ["attach-on-write", "attach-on-edit"],
  attachOnBashRead: ["attach-on-bash-read"],
  launchSetInContextOnRead: ["launch-set-in-context-on-read"],
  agentsMdOnRead: ["agents-md-on-read"],
  agentsMdPluginOptions: ["agents-md-plugin-options"],
  lfWhereCommentMarker: ["lf-where-comment-marker"],
  badGlobEndsRead: ["bad-glob-ends-read"],
};

/** The release-range ids a flag is keyed by (for the probes and the findings document). */
export function flagRanges(flag: Exclude<keyof ClaudeReleaseBehaviour, "release">): readonly string[] {
  return FLAG_RANGES[flag];
}

const rangeById = new Map(CLAUDE_RELEASE_RANGES.map((r) => [r.id, r]));

/**
 * The behaviour of a release from the release ranges alone (any release from 2.1.197 to the newest
 * pinned); for a pinned release it must equal its verified record (test/unit/claude-release-model.test.ts).
 */
export function claudeReleaseFromRanges(release: string): ClaudeReleaseBehaviour {
  const flags = Object.fromEntries(
    Object.entries(FLAG_RANGES).map(([flag, ids]) => [
      flag,
      ids.every((id) => {
        const range = rangeById.get(id);
        if (!range) throw new Error(`release.ts: no release range ${id}`);
        return inReleaseRange(range, release);
      }),
    ]),
  ) as Omit<ClaudeReleaseBehaviour, "release">;
  return { release, ...flags };
}

/**
 * How the model knows `release`: `verified` (a pinned release, every conformance case run on it),
 * `release-ranges` (a release between the oldest and the newest pinned one: each release-dependent flag
 * from the bisected ranges, release-ranges.ts), undefined (outside: the model does not know it).
 */
export function claudeReleaseBasis(release: string): "verified" | "release-ranges" | undefined {
  if (CLAUDE_RELEASES.some((b) => b.release === release)) return "verified";
  if (!/^\d+\.\d+\.\d+$/.test(release)) return undefined;
  if (compareReleases(release, CLAUDE_RANGES_FROM) >= 0 && compareReleases(release, CLAUDE_RANGES_TO) <= 0)
    return "release-ranges";
  return undefined;
}

/**
 * The behaviour record of `release` (default: the newest): a verified release's own record, or for any
 * other release from {@link CLAUDE_RANGES_FROM} to {@link CLAUDE_RANGES_TO} the flags its release ranges
 * give. Throws the shared unknown-release UsageError (../release.ts) for a release outside.
 */
export function claudeRelease(release?: string): ClaudeReleaseBehaviour {
  const r = release ?? CLAUDE_CODE_VERIFIED_VERSION;
  const found = CLAUDE_RELEASES.find((b) => b.release === r);
  if (found) return found;
  if (claudeReleaseBasis(r) === "release-ranges") return claudeReleaseFromRanges(r);
  throw unknownReleaseError(
    {
      id: CLAUDE_CODE_ID,
      name: CLAUDE_CODE_NAME,
      releases: CLAUDE_CODE_RELEASES,
      releaseBasis: claudeReleaseBasis,
    },
    r,
  );
}

/** The releases the model was verified on, newest (the default) first: the AgentModel's `releases`. */
export const CLAUDE_CODE_RELEASES: readonly string[] = CLAUDE_RELEASES.map((b) => b.release);
