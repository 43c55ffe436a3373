/**
 * What the pinned CLIs list for the corpus repositories with skills, subagents and commands, on the sample
 * of `npm test` (sources-corpus.suite.ts SOURCES_CORPUS_SAMPLE: two repositories per CLI, every repository
 * and every non-empty list at least once). Every CLI on every repository: sources-corpus-long.test.ts
 * (`npm run test:long`).
 */
import { SOURCES_CORPUS_SAMPLE, sourcesCorpusSuite } from "./sources-corpus.suite.js";

sourcesCorpusSuite(SOURCES_CORPUS_SAMPLE);
