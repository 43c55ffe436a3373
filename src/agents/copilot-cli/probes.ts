/**
 * The bundled probes of `verify --probes` for GitHub Copilot CLI: one small repository per modelled
 * behaviour, each taken from a settled conformance case (test/conformance/copilot-cli.fixtures.ts,
 * docs/findings-copilot-cli.md). Settled on @github/copilot 1.0.102.
 */
import type { VerifyProbe } from "../../model/index.js";

export const COPILOT_PROBES: readonly VerifyProbe[] = [
  {
    id: "block-order",
    behaviour:
      ".github/copilot-instructions.md, then AGENTS.md, CLAUDE.md and GEMINI.md of the git root, each one <custom_instruction> block",
    git: ["."],
    files: {
      ".github/copilot-instructions.md": "repo\n",
      "AGENTS.md": "agents\n",
      "CLAUDE.md": "claude\n",
      "GEMINI.md": "gemini\n",
    },
  },
  {
    id: "git-root-then-cwd",
    behaviour:
      "the git root's memory files come before the working directory's, the directories between last",
    git: ["."],
    cwd: "a/b",
    files: { "AGENTS.md": "root\n", "a/AGENTS.md": "between\n", "a/b/AGENTS.md": "cwd\n" },
  },
  {
    id: "import-inlined",
    behaviour:
      "an @path naming a file is followed by that file's trimmed text in an <imported_custom_instruction>",
    git: ["."],
    files: { "AGENTS.md": "see @docs/inc.md please\n", "docs/inc.md": "\n  included  \n" },
  },
  {
    id: "bom-dropped",
    behaviour: "a leading BOM is dropped; CRLF and whitespace are sent as they are",
    git: ["."],
    files: { "AGENTS.md": "\ufeffline one\r\n\r\n  \n" },
  },
  {
    id: "instructions-always-and-table",
    behaviour:
      "an .instructions.md with applyTo ** is sent whole; one with another applyTo becomes a row of the table",
    git: ["."],
    files: {
      "AGENTS.md": "agents\n",
      ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nEverywhere.\n',
      ".github/instructions/ts.instructions.md":
        '---\napplyTo: "src/**/*.ts"\ndescription: TypeScript\n---\nUse strict.\n',
    },
  },
  {
    id: "view-attaches-scoped",
    behaviour: "viewing a matching file attaches the path-scoped instructions file once, as a reminder",
    git: ["."],
    files: {
      "AGENTS.md": "agents\n",
      ".github/instructions/ts.instructions.md":
        '---\napplyTo: "src/**/*.ts"\n---\nUse <strict> & "types".\n',
      "src/a.ts": "export {};\n",
      "src/b.ts": "export {};\n",
    },
    reads: ["src/a.ts", "src/b.ts"],
  },
];
