/**
 * The bundled probes of `verify --probes` for Gemini CLI: one small repository per modelled behaviour,
 * each taken from a settled conformance case (test/conformance/gemini-launch.test.ts,
 * gemini-onread.test.ts; docs/findings-gemini-cli.md). Settled on Gemini CLI 0.61.0.
 */
import type { VerifyProbe } from "../../model/index.js";

export const GEMINI_PROBES: readonly VerifyProbe[] = [
  {
    id: "upward-to-project-root",
    behaviour: "GEMINI.md files load from the working directory up to the project root (.git), none below it",
    git: ["."],
    cwd: "a/b",
    files: {
      "GEMINI.md": "ROOT\n",
      "a/GEMINI.md": "A\n",
      "a/b/GEMINI.md": "B\n",
      "a/b/c/GEMINI.md": "below\n",
    },
  },
  {
    id: "sorted-by-path",
    behaviour: "the launch blocks are sorted by absolute path as strings (A/GEMINI.md before GEMINI.md)",
    git: ["."],
    cwd: "A",
    files: { "GEMINI.md": "root\n", "A/GEMINI.md": "upper A\n" },
  },
  {
    id: "import-expanded",
    behaviour: "an @./file import is expanded into the block that names it",
    git: ["."],
    files: { "GEMINI.md": "Rules @./docs/inc.md end\n", "docs/inc.md": "included\n" },
  },
  {
    id: "whitespace-skipped",
    behaviour: "a context file that is empty after trimming sends no block",
    git: ["."],
    cwd: "a",
    files: { "GEMINI.md": "  \n\t\n", "a/GEMINI.md": "kept\n" },
  },
  {
    id: "settings-file-name",
    behaviour: "context.fileName in .gemini/settings.json adds context file names (GEMINI.md stays)",
    git: ["."],
    files: {
      ".gemini/settings.json": '{ "context": { "fileName": ["AGENTS.md"] } }\n',
      "AGENTS.md": "agents\n",
      "GEMINI.md": "gemini\n",
    },
  },
  {
    id: "just-in-time-read",
    behaviour: "read_file attaches the new context files above the path, top-most first, once each",
    git: ["."],
    files: {
      "GEMINI.md": "root\n",
      "A/GEMINI.md": "A\n",
      "A/b/GEMINI.md": "b\n",
      "A/b/x.txt": "x\n",
      "A/b/y.txt": "y\n",
    },
    reads: ["A/b/x.txt", "A/b/y.txt"],
  },
];
