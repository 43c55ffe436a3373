/**
 * The long tier's Copilot CLI conformance: every case of ./copilot-cli.fixtures.ts (./copilot-cli.suite.ts;
 * 72 sessions). `npm test` runs a share (copilot-cli.test.ts).
 */
import { COPILOT_CASES } from "./copilot-cli.fixtures.js";
import { copilotSuite } from "./copilot-cli.suite.js";

copilotSuite(COPILOT_CASES);
