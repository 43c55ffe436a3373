/**
 * The long tier's Claude Code launch conformance: every case of ./claude-launch.fixtures.ts on every pinned
 * release (./claude-launch.suite.ts; 164 sessions). `npm test` runs a share (claude-launch.test.ts).
 */
import { claudeReleases } from "../support/claude.js";
import { LAUNCH_CASES } from "./claude-launch.fixtures.js";
import { launchSuite } from "./claude-launch.suite.js";

launchSuite(new Map(claudeReleases().map((release) => [release, LAUNCH_CASES])));
