/**
 * Conformance of the on-demand model with the pinned real Claude Code CLI (./claude-onread.suite.ts,
 * docs/findings-claude-onread.md). `npm test` runs every section on the newest release and every section
 * but the scoped rule globs on the older one (`onReadShare`: 76 sessions of 92); the long tier runs every
 * section on every release (claude-onread-long.test.ts).
 */
import { onReadShare, onReadSuite } from "./claude-onread.suite.js";

onReadSuite(onReadShare());
