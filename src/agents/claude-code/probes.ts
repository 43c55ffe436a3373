/**
 * The bundled probes of `verify --probes` for Claude Code: one small repository per modelled behaviour,
 * each taken from a settled conformance case (test/conformance/claude-launch.fixtures.ts,
 * claude-onread.test.ts; findings in docs/findings-claude-*.md). A probe holds on a release when the CLI
 * delivers exactly what the model predicts for it. Which hold on which pinned release:
 * docs/findings-verify.md.
 */
import type { ProbeReleases, VerifyProbe } from "../../model/index.js";
import {
  CLAUDE_RANGES_FROM,
  CLAUDE_RELEASE_RANGES,
  compareReleases,
  inReleaseRange,
} from "./release-ranges.js";

/** `release` with its last number moved by `by` (a release the model knows when it stays in the ranges). */
function patch(release: string, by: number): string {
  const [a, b, c] = release.split(".").map((x) => Number.parseInt(x, 10) || 0);
  return `${a}.${b}.${(c ?? 0) + by}`;
}

/**
 * A probe's releases from the release range `id` (./release-ranges.ts): which model releases have the
 * behaviour, the release on the other side of its boundary, and `without`, its wording where it does not
 * hold.
 */
function byRange(id: string, without: string): ProbeReleases {
  const range = rangeOf(id);
  const { since, until } = range;
  const from = since === CLAUDE_RANGES_FROM ? `${since} (or earlier)` : since;
  return {
    has: (release) => inReleaseRange(range, release),
    other: (release) => {
      if (inReleaseRange(range, release))
        return since !== CLAUDE_RANGES_FROM ? patch(since, -1) : patch(until as string, 1);
      return compareReleases(release, since) < 0 ? since : (until as string);
    },
    releases: until ? `${from} to ${until}` : `${from} and later`,
    without,
  };
}

/** The nested memory of the tool-call probes (test/support/claude-probes.ts's NESTED). */
const NESTED: Readonly<Record<string, string>> = {
  "CLAUDE.md": "Root memory.\n",
  "pkg/CLAUDE.md": "Pkg memory.\n",
  "pkg/a.txt": "a\n",
  "pkg/d/x.ts": "x\n",
};

export const CLAUDE_PROBES: readonly VerifyProbe[] = [
  {
    id: "memory-order",
    behaviour:
      "CLAUDE.md, then .claude/CLAUDE.md, then rules, then CLAUDE.local.md load at launch, in that order",
    files: {
      "CLAUDE.md": "root memory\n",
      ".claude/CLAUDE.md": "dot memory\n",
      ".claude/rules/r.md": "a rule\n",
      "CLAUDE.local.md": "private\n",
    },
  },
  {
    id: "ancestors",
    behaviour: "a launch in a subdirectory loads every ancestor's memory top down, never memory below it",
    git: ["."],
    cwd: "pkg/app",
    files: {
      "CLAUDE.md": "root\n",
      "pkg/CLAUDE.md": "pkg\n",
      "pkg/app/CLAUDE.md": "app\n",
      "pkg/app/below/CLAUDE.md": "below\n",
    },
  },
  {
    id: "import-hop-limit",
    behaviour: "imports are followed four hops deep and no further",
    files: {
      "CLAUDE.md": "@h1.md\n",
      "h1.md": "one @h2.md\n",
      "h2.md": "two @h3.md\n",
      "h3.md": "three @h4.md\n",
      "h4.md": "four @h5.md\n",
      "h5.md": "five\n",
    },
  },
  {
    id: "import-relative-to-importer",
    behaviour: "an import resolves against the directory of the file that imports it",
    files: {
      "CLAUDE.md": "See @docs/a.md\n",
      "docs/a.md": "A imports @b.md\n",
      "docs/b.md": "docs b\n",
      "b.md": "decoy\n",
    },
  },
  {
    id: "import-outside-cwd",
    behaviour: "imports that leave the working directory do not load",
    git: ["."],
    cwd: "sub",
    files: {
      "CLAUDE.md": "root @docs/r.md\n",
      "docs/r.md": "R\n",
      "sub/CLAUDE.md": "sub @../docs/s.md @here.md\n",
      "docs/s.md": "S\n",
      "sub/here.md": "HERE\n",
    },
  },
  {
    id: "import-trailing-punctuation",
    behaviour: "trailing punctuation is part of an import's path, a #fragment is cut",
    files: {
      "CLAUDE.md": "See @p1.md. Also @p2.md, and @p3.md: and @p4.md#section\n",
      "p1.md": "P1\n",
      "p2.md": "P2\n",
      "p3.md": "P3\n",
      "p4.md": "P4\n",
    },
  },
  {
    id: "import-in-code",
    behaviour: "an @path in a code span, a fence or an HTML comment is not an import",
    files: {
      "CLAUDE.md": "`@a.md`\n\n```\n@b.md\n```\n\n<!-- @c.md -->\n\nreal @d.md\n",
      "a.md": "A\n",
      "b.md": "B\n",
      "c.md": "C\n",
      "d.md": "D\n",
    },
  },
  {
    id: "rule-paths-forms",
    behaviour: "a rule with paths: in list, string, comma or flow form is scoped and does not load at launch",
    files: {
      ".claude/rules/list.md": '---\npaths:\n  - "src/**"\n---\nlist\n',
      ".claude/rules/string.md": "---\npaths: src/**/*.ts\n---\nstring\n",
      ".claude/rules/flow.md": "---\npaths: [src/**, lib/**]\n---\nflow\n",
      ".claude/rules/plain.md": "plain\n",
    },
  },
  {
    id: "rule-globs-key",
    behaviour: "a rule scoped with another agent's globs: key is unscoped and loads every session",
    files: { ".claude/rules/globs.md": "---\nglobs: src/**\n---\nglobs rule\n" },
  },
  {
    id: "rule-frontmatter-line-one",
    behaviour: "frontmatter that does not open on line one leaves the rule unscoped, with the text kept",
    files: { ".claude/rules/line2.md": "\n---\npaths: src/**\n---\nnot line one\n" },
  },
  {
    id: "bom",
    behaviour: "a UTF-8 byte order mark is not injected and does not hide frontmatter",
    files: {
      ".claude/rules/bom-scoped.md": "\ufeff---\npaths: src/**\n---\nbom scoped\n",
      ".claude/rules/bom-plain.md": "\ufeffbom plain\n",
      "CLAUDE.md": "\ufeff# Title\n",
    },
    byRelease: byRange(
      "bom-before-frontmatter",
      "a UTF-8 byte order mark is not injected, but it hides the frontmatter after it (the rule is unscoped)",
    ),
  },
  {
    id: "rule-symlinked-outside",
    behaviour: "a rule symlinked to a file outside the working directory does not load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "m\n", "ext/r.md": "EXT RULE\n" },
    links: { "repo/.claude/rules/l.md": "../../../ext/r.md" },
    byRelease: byRange(
      "rule-link-outside-cwd-dropped",
      "a rule symlinked to a file outside the working directory loads from its target",
    ),
  },
  {
    id: "rules-dir-symlinked-outside",
    behaviour: "the rules of a .claude/rules directory symlinked outside the working directory do not load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "Repo memory.\n", "ext/rules/u.md": "External unscoped rule.\n" },
    links: { "repo/.claude/rules": "../../ext/rules" },
    byRelease: byRange(
      "rules-dir-link-outside-cwd-dropped",
      "the rules of a .claude/rules directory symlinked outside the working directory load",
    ),
  },
  {
    id: "import-link-outside",
    behaviour: "an import through a symlink inside the working directory that leads outside it does not load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "Repo memory.\n@link.md\n", "ext/x.md": "Linked outside.\n" },
    links: { "repo/link.md": "../ext/x.md" },
    byRelease: byRange(
      "import-real-path-inside-cwd",
      "an import through a symlink inside the working directory loads by its link path, wherever it leads",
    ),
  },
  {
    id: "agents-md-alone",
    behaviour: "a repository with only AGENTS.md gets it at launch",
    files: { "AGENTS.md": "A root\n" },
    byRelease: byRange("agents-md-at-launch", "a repository with only AGENTS.md loads nothing at launch"),
  },
  {
    id: "dot-claude-agents-md-alone",
    behaviour: "a repository with only .claude/AGENTS.md gets it at launch",
    files: { ".claude/AGENTS.md": "Agents dot.\n" },
    byRelease: byRange(
      "dot-claude-agents-md-at-launch",
      "a repository with only .claude/AGENTS.md loads nothing at launch",
    ),
  },
  {
    id: "agents-md-hidden",
    behaviour: "a CLAUDE.md that gives text hides AGENTS.md",
    files: { "AGENTS.md": "A root\n", "CLAUDE.md": "C root\n" },
  },
  {
    id: "skills-and-subagents-listed",
    behaviour:
      "a skill is listed once, in the skills list, and a subagent in the subagent list (on 2.1.219 to 2.1.278 the subagent list ends without its footer line, the skills list right after it)",
    files: {
      "CLAUDE.md": "root\n",
      ".claude/skills/probe-skill/SKILL.md":
        "---\nname: probe-skill\ndescription: Use this skill when a probe asks.\n---\nBody.\n",
      ".claude/agents/probe-agent.md":
        "---\nname: probe-agent\ndescription: A probe's subagent.\n---\nYou help.\n",
    },
  },
  {
    id: "html-comments",
    behaviour: "block HTML comments are stripped, inline ones kept; surrounding whitespace trimmed",
    files: { "CLAUDE.md": "\n\n<!-- hidden -->\nkept <!-- inline --> text\n\n\n" },
  },
  {
    id: "crlf-inline-comment",
    behaviour: "a CRLF memory file holding an inline <!-- comment --> is sent with its CRLF line endings",
    files: { "CLAUDE.md": "Mem.\r\nkeep <!-- c --> this\r\n" },
    byRelease: {
      ...byRange(
        "lf-where-comment-marker",
        "a CRLF memory file holding an inline <!-- comment --> is sent with its CRLF line endings",
      ),
      // The range is of the LF behaviour: this probe's sentence is the other side's.
      has: (release) => !inReleaseRange(rangeOf("lf-where-comment-marker"), release),
      releases: "2.1.330 and later",
      without: "a CRLF memory file holding an inline <!-- comment --> is sent with LF line endings",
    },
  },
  {
    id: "read-attaches-nested",
    behaviour: "reading a file attaches the nested CLAUDE.md above it and the scoped rules its path matches",
    files: {
      "CLAUDE.md": "root\n",
      "src/CLAUDE.md": "src memory\n",
      "src/app.ts": "export {};\n",
      ".claude/rules/ts.md": "---\npaths: src/**/*.ts\n---\nts rule\n",
      ".claude/rules/py.md": "---\npaths: '**/*.py'\n---\npy rule\n",
    },
    reads: ["src/app.ts"],
  },
  {
    id: "read-missing-file",
    behaviour: "reading a missing file attaches the nested CLAUDE.md above it",
    files: NESTED,
    reads: ["pkg/missing.ts"],
    byRelease: byRange("attach-on-read-missing", "reading a missing file attaches nothing"),
  },
  {
    id: "read-directory",
    behaviour: "reading a directory attaches the nested CLAUDE.md of its parent",
    files: NESTED,
    reads: ["pkg/d"],
    byRelease: byRange("attach-on-read-directory", "reading a directory attaches nothing"),
  },
  {
    id: "launch-set-on-read",
    behaviour: "a file loaded at launch is not attached again when nested memory imports it on read",
    files: {
      "CLAUDE.md": "Root\n@docs/launch.md\n",
      "docs/launch.md": "L\n",
      "sub/CLAUDE.md": "Sub\n@../docs/launch.md\n",
      "sub/x.ts": "x\n",
    },
    reads: ["sub/x.ts"],
    byRelease: byRange(
      "launch-set-in-context-on-read",
      "a file loaded at launch is attached again when nested memory imports it on read",
    ),
  },
  {
    id: "agents-md-on-read",
    behaviour: "reading a file adds the nested AGENTS.md above it in a project without CLAUDE files",
    files: { "AGENTS.md": "A root\n", "sub/AGENTS.md": "A sub\n", "sub/x.ts": "x\n" },
    reads: ["sub/x.ts"],
    byRelease: byRange("agents-md-on-read", "reading a file adds no AGENTS.md"),
  },
  {
    id: "bad-glob-ends-read",
    behaviour:
      "a rule whose paths: pattern does not compile (an unquoted flow list's `[b/**/*.ts`) ends the read's attachments at its folder",
    files: {
      "CLAUDE.md": "Root.\n",
      "a/CLAUDE.md": "A mem.\n",
      "a/b/.claude/rules/bad.md": "---\npaths: [b/**/*.ts, *.md]\n---\nBad glob.\n",
      "a/b/CLAUDE.md": "AB mem.\n",
      "a/b/c/x.ts": "x\n",
    },
    reads: ["a/b/c/x.ts"],
    byRelease: byRange(
      "bad-glob-ends-read",
      "a rule whose paths: pattern does not compile is dropped and the rest of the read attaches",
    ),
  },
];

function rangeOf(id: string) {
  const range = CLAUDE_RELEASE_RANGES.find((r) => r.id === id);
  if (!range) throw new Error(`probes.ts: no release range ${id}`);
  return range;
}
