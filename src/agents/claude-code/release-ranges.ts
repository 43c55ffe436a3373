/**
 * Where each release-dependent behaviour of Claude Code holds among the published releases from 2.1.197
 * (the oldest the model knows) to the newest pinned one: the first release that has it (`since`) and, where
 * a later release dropped it, the last that has it (`until`). Found by bisecting the published releases
 * with one probe per behaviour (test/support/claude-probes.ts, same ids) run offline on each release;
 * the evidence per boundary is in docs/findings-claude-release-ranges.md, and
 * test/conformance/claude-release-ranges.test.ts checks every row on the pinned releases.
 *
 * ./release.ts derives every flag of a release that is not pinned from this table (`claudeRelease`), and
 * ./verify.ts reads the framing ranges to parse what a release sends.
 */

/** One release-dependent behaviour and the releases that have it. */
export interface ClaudeReleaseRange {
  /** The probe's id (test/support/claude-probes.ts). */
  id: string;
  /** What holds on a release in the range, one sentence. */
  description: string;
  /**
   * The first release that has it. "2.1.197" for a behaviour 2.1.197 has already: the bisection starts
   * there, so it means "2.1.197 or earlier".
   */
  since: string;
  /** The last release that has it, when a later one dropped it; absent: the newest known has it. */
  until?: string;
}

/** The oldest release the ranges were bisected from (`since` of a behaviour it has already). */
export const CLAUDE_RANGES_FROM = "2.1.197";
/** The newest release the ranges were bisected to (the newest pinned, npm `latest` when bisected). */
export const CLAUDE_RANGES_TO = "2.1.332";

export const CLAUDE_RELEASE_RANGES: readonly ClaudeReleaseRange[] = [
  {
    id: "bad-glob-ends-read",
    description:
      "On read, a rule whose `paths:` pattern does not compile (an unclosed `[`) ends the read's attachments at its folder (releases.ts `badGlobEndsRead`).",
    since: "2.1.197",
    until: "2.1.206",
  },
  {
    id: "attach-on-read",
    description:
      "A Read of an existing file attaches the nested CLAUDE.md above it (the control: every release).",
    since: "2.1.197",
  },
  {
    id: "attach-on-read-missing",
    description:
      "A Read of a missing file attaches the nested memory above it (release.ts `attachOnReadOfAnyPath`).",
    since: "2.1.199",
  },
  {
    id: "attach-on-read-directory",
    description: "A Read of a directory attaches the nested memory of its parent (`attachOnReadOfAnyPath`).",
    since: "2.1.199",
  },
  {
    id: "rule-link-outside-cwd-dropped",
    description:
      "A rule symlinked to a file outside the working directory is dropped (releases.ts `ruleLinksStayInsideCwd`).",
    since: "2.1.232",
  },
  {
    id: "rules-dir-link-outside-cwd-dropped",
    description:
      "The rules of a `.claude/rules` directory symlinked outside the working directory are dropped (`ruleLinksStayInsideCwd`).",
    since: "2.1.232",
  },
  {
    id: "import-real-path-inside-cwd",
    description:
      "An import is followed only when its real path lies inside the working directory (releases.ts `importRealPathInsideCwd`).",
    since: "2.1.232",
  },
  {
    id: "total-tokens-after-attachments",
    description:
      'A `<total_tokens>N tokens left</total_tokens>` line follows a tool result: in the `role: "system"` message after it, after the attached files\' texts (or alone when nothing is attached).',
    since: "2.1.233",
    until: "2.1.312",
  },
  {
    id: "agents-list-without-footer",
    description:
      "The subagent list ends without its `When you launch multiple agents …` line: the skills list's header follows its last entry (verify's parser ends the list there).",
    since: "2.1.219",
    until: "2.1.278",
  },
  {
    id: "bom-before-frontmatter",
    description:
      "A UTF-8 BOM before the frontmatter fence is dropped first, so the frontmatter is recognised (releases.ts `bomBeforeFrontmatter`).",
    since: "2.1.239",
  },
  {
    id: "claude-md-heading",
    description:
      'The launch reminder puts the files under `# claudeMd`, followed in the same reminder by `# currentDate` and a closing "IMPORTANT: this context may or may not be relevant" line.',
    since: "2.1.197",
    until: "2.1.267",
  },
  {
    id: "agents-md-at-launch",
    description:
      "AGENTS.md loads at launch where no CLAUDE file gives text (releases.ts `agentsMdAtLaunch`).",
    since: "2.1.281",
  },
  {
    id: "dot-claude-agents-md-at-launch",
    description: "`.claude/AGENTS.md` loads at launch where no CLAUDE file gives text (`agentsMdAtLaunch`).",
    since: "2.1.281",
  },
  {
    id: "agents-md-on-read",
    description:
      "A Read adds the nested AGENTS files between the working directory and the file, in a project without CLAUDE files, as a hook's additional context (releases.ts `agentsMdOnRead`).",
    since: "2.1.281",
  },
  {
    id: "launch-set-in-context-on-read",
    description:
      "On read, the launch set counts as in context: nested memory's import of a file loaded at launch is not attached again (releases.ts `launchSetInContextOnRead`).",
    since: "2.1.281",
  },
  {
    id: "agents-md-plugin-options",
    description:
      "The AGENTS.md plugin's `instructionFiles` option in the user settings selects its mode (`managed-only` empties the launch set) (releases.ts `agentsMdPluginOptions`).",
    since: "2.1.285",
  },
  {
    id: "attach-on-write",
    description:
      "A Write (of a new file too) attaches the nested memory above the file (release.ts `attachOnWriteEdit`).",
    since: "2.1.288",
  },
  {
    id: "attach-on-edit",
    description: "An Edit attaches the nested memory above the file (`attachOnWriteEdit`).",
    since: "2.1.288",
  },
  {
    id: "attach-on-bash-read",
    description:
      "A plain-read Bash command (`cat pkg/a.txt`) attaches the nested memory above the file (release.ts `attachOnBashRead`).",
    since: "2.1.293",
  },
  {
    id: "attachments-in-tool-result",
    description:
      'On-read attachments are `<system-reminder>` blocks in the tool result\'s user message; before, a `role: "system"` message after it.',
    since: "2.1.307",
  },
  {
    id: "lf-where-comment-marker",
    description:
      "A body holding `<!--` is sent with LF line endings whether or not a comment block was stripped (releases.ts `lfWhereCommentMarker`).",
    since: "2.1.197",
    until: "2.1.329",
  },
];

function parts(v: string): number[] {
  return v.split(/[.+-]/, 3).map((x) => Number.parseInt(x, 10) || 0);
}

/** Compares two `major.minor.patch` releases (negative when `a` is older). */
export function compareReleases(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * Whether `release` has the behaviour of `range`. Meaningful from {@link CLAUDE_RANGES_FROM} to
 * {@link CLAUDE_RANGES_TO}; outside that span it says what the nearest end of the span has, which no probe
 * has settled.
 */
export function inReleaseRange(range: Pick<ClaudeReleaseRange, "since" | "until">, release: string): boolean {
  if (compareReleases(release, range.since) < 0 && range.since !== CLAUDE_RANGES_FROM) return false;
  return range.until === undefined || compareReleases(release, range.until) <= 0;
}
