/**
 * What the pinned CLIs list for the corpus repositories with skills, subagents and commands: every CLI on
 * every repository (the long tier; `npm test` runs a fixed sample: sources-corpus.test.ts).
 */
import { SOURCES_CORPUS_ALL, sourcesCorpusSuite } from "./sources-corpus.suite.js";

sourcesCorpusSuite(SOURCES_CORPUS_ALL);
