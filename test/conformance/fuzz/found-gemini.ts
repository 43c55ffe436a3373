/**
 * Cases the differential test found for Gemini CLI, shrunk and pinned (test/conformance/gemini-fuzz.test.ts runs
 * them): the CLI must still send exactly `expect` at launch and attach exactly `expectReads[i]` after
 * tool call i, and the model must agree byte for byte (or, while `open` is set, still disagree).
 * `npm run conformance:fuzz -- --agent gemini-cli --seed RUN --from INDEX --cases 1` regenerates
 * the unshrunk case. Findings: docs/findings-fuzz.md.
 */
import type { FuzzFoundCase } from "./found.js";

export const GEMINI_FOUND_CASES: FuzzFoundCase[] = [
  {
    // The model attached the context files above a missing file; the CLI's read_file fails and nothing is
    // attached (seeds g061:15, g061:19, hand-shrunk).
    name: "a_read_of_a_missing_file_attaches_nothing",
    seed: "g061:15",
    release: "0.61.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: { "proj/a/GEMINI.md": "nested\n", "proj/a/x.ts": "x\n" },
    reads: ["proj/a/missing.ts", "proj/a/x.ts"],
    expect: [],
    expectReads: [[], ["proj/a/GEMINI.md"]],
  },
  {
    // The model attached the context file above a link whose target lies outside the project; the CLI's
    // read_file refuses the path and nothing is attached (seed ci:7, hand-shrunk).
    name: "a_read_through_a_link_leaving_the_workspace_attaches_nothing",
    seed: "ci:7",
    release: "0.61.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: { "proj/a/GEMINI.md": "nested\n", "ext/out.md": "outside\n", "proj/a/x.ts": "x\n" },
    links: { "proj/a/out.md": "<R>/ext/out.md" },
    reads: ["proj/a/out.md", "proj/a/x.ts"],
    expect: [],
    expectReads: [[], ["proj/a/GEMINI.md"]],
  },
];
