/**
 * The bundled probes of `verify --probes` for Claude Code: one small repository per modelled behaviour,
 * each taken from a settled conformance case (test/conformance/claude-launch.fixtures.ts,
 * claude-onread.test.ts; findings in docs/findings-claude-*.md). A probe holds on a release when the CLI
 * delivers exactly what the model predicts for it. Which hold on which pinned release:
 * docs/findings-verify.md.
 */
import type { VerifyProbe } from "../../model/index.js";

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
  },
  {
    id: "rule-symlinked-outside",
    behaviour: "a rule symlinked to a file outside the working directory does not load",
    git: ["repo"],
    cwd: "repo",
    files: { "repo/CLAUDE.md": "m\n", "ext/r.md": "EXT RULE\n" },
    links: { "repo/.claude/rules/l.md": "../../../ext/r.md" },
  },
  {
    id: "agents-md-alone",
    behaviour: "a repository with only AGENTS.md gets it at launch",
    files: { "AGENTS.md": "A root\n" },
  },
  {
    id: "agents-md-hidden",
    behaviour: "a CLAUDE.md that gives text hides AGENTS.md",
    files: { "AGENTS.md": "A root\n", "CLAUDE.md": "C root\n" },
  },
  {
    id: "html-comments",
    behaviour: "block HTML comments are stripped, inline ones kept; surrounding whitespace trimmed",
    files: { "CLAUDE.md": "\n\n<!-- hidden -->\nkept <!-- inline --> text\n\n\n" },
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
];
