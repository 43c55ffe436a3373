/**
 * The long tier's Claude Code layers conformance: every case of ./claude-layers.fixtures.ts
 * (./claude-layers.suite.ts). `npm test` runs a share (claude-layers.test.ts).
 */
import { LAYER_CASES } from "./claude-layers.fixtures.js";
import { layersSuite } from "./claude-layers.suite.js";

layersSuite(LAYER_CASES);
