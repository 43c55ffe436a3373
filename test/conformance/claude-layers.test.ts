/**
 * Conformance: the layers outside the repository (settings, environment switches, the user layer,
 * approvals, --add-dir) against the pinned Claude Code CLI, run offline. For each case the CLI loads
 * exactly `expect`, and the model's user view (claudeCode.launch with view "user", the same home and
 * environment, the same added directories) yields the same files in the same order, byte for byte, with
 * the CLI's label. Findings: docs/findings-claude-settings.md.
 *
 * `npm test` runs a seeded share covering every category of case (`layersShare`, ./claude-layers.suite.ts);
 * the long tier runs all of them (claude-layers-long.test.ts).
 */

import { describe, expect, it } from "vitest";
import { LAYER_CASES } from "./claude-layers.fixtures.js";
import { layerCategories, layersShare, layersSuite } from "./claude-layers.suite.js";

describe("the layer cases run here", () => {
  it("are_a_share_covering_every_category_of_case", () => {
    const cats = (cases: typeof LAYER_CASES) => new Set(cases.flatMap(layerCategories));
    expect(cats(layersShare())).toEqual(cats(LAYER_CASES));
    expect(layersShare().length).toBeLessThan(LAYER_CASES.length * 0.6);
  });
});

layersSuite(layersShare());
