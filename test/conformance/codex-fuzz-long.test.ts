/**
 * The long differential campaign against the pinned Codex CLI (the `long` tier, test/support/long-tier.ts):
 * 300 generated cases with every feature of the Codex generator (test/conformance/fuzz/codex.ts), then the
 * found cases. The conformance tier's codex-fuzz.test.ts runs 24 cases of another seed. Counts:
 * docs/findings-fuzz.md ("Codex"). More: `npm run conformance:fuzz -- --agent codex --cases N --seed S`.
 */
import { codexAgent } from "./fuzz/codex.js";
import { fuzzSuite } from "./fuzz/suite.js";

fuzzSuite(codexAgent, {
  seed: "cx300",
  cases: 300,
  concurrency: 2,
  shrinkBudget: 0,
  timeoutMs: 3_600_000,
  open: {
    // found-codex.ts a_user_skill_folder_linked_out_of_codex_home_is_listed_by_the_cli
    "cx300:203": "a user skill folder linked out of the home: not followed by design (docs/security.md)",
  },
});
