/**
 * `verify` on a fixed sample of the shared corpus (verify-corpus.suite.ts VERIFY_CORPUS_SAMPLE: five
 * repositories by a fixed seed, one whose only Claude Code memory is AGENTS.md) with both pinned Claude
 * Code releases and the pinned Codex. Every repository: verify-corpus-long.test.ts (`npm run test:long`).
 */
import { VERIFY_CORPUS_SAMPLE, verifyCorpusSuite } from "./verify-corpus.suite.js";

verifyCorpusSuite(VERIFY_CORPUS_SAMPLE);
