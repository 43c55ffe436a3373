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
  // The 8 once open (g300:5, 42, 61, 65, 127, 148, 169, 220) agree since the model's fixes of issue 26; five
  // of them hold two same-named skills in one folder, which the CLI picks between by a race (usually the
  // model's pick): gemini-found-skills-memory.test.ts pins them, docs/findings-fuzz.md says how often.
});
