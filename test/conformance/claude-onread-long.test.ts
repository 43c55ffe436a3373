/**
 * The long tier's Claude Code on-read conformance: every section of ./claude-onread.suite.ts on every pinned
 * release. `npm test` runs a share (claude-onread.test.ts).
 */
import { claudeReleases } from "../support/claude.js";
import { onReadSuite } from "./claude-onread.suite.js";

onReadSuite(new Map(claudeReleases().map((release) => [release, { globs: true }])));
