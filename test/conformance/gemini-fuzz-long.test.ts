/**
 * The long differential campaign against the pinned Gemini CLI (the `long` tier, test/support/long-tier.ts):
 * 300 generated cases with every feature of the Gemini generator (test/conformance/fuzz/gemini.ts: context
 * files, imports, settings, the user layer, skills, subagents, extensions and `-e`, the private project
 * memory, odd files), then the found cases. A Gemini case takes 25-40 s on a loaded 2-core machine: about
 * an hour at three in flight. Counts: docs/findings-fuzz.md ("Gemini CLI").
 */
import { geminiAgent } from "./fuzz/gemini.js";
import { fuzzSuite } from "./fuzz/suite.js";

fuzzSuite(geminiAgent, {
  seed: "g300",
  cases: 300,
  concurrency: 3,
  shrinkBudget: 0,
  timeoutMs: 7_200_000,
  open: {
    // Two skills of one name in one folder: the file system's order picks the one kept (findings-fuzz.md).
    "g300:5": "two skills named db.migrate in .agents/skills",
    "g300:42": "two skills named Beta in ~/.gemini/skills",
  },
});
