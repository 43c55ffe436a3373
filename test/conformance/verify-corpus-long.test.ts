/**
 * `verify` on every repository of the shared corpus with both pinned Claude Code releases and the pinned
 * Codex (the long tier; `npm test` runs a fixed sample of them: verify-corpus.test.ts).
 */
import { CORPUS_REPOS, verifyCorpusSuite } from "./verify-corpus.suite.js";

verifyCorpusSuite(CORPUS_REPOS);
