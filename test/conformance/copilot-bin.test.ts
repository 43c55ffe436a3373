/**
 * The copilot executable verify runs: the npm launcher of the installed Copilot CLI (test/agents) resolves
 * to the native binary beside it.
 */
import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { copilotNativeBin, copilotVerifyRunner } from "../../src/agents/copilot-cli/verify.js";
import { copilotBin, copilotLauncher } from "../support/copilot.js";

describe("the copilot executable verify runs", () => {
  it("the_npm_launcher_resolves_to_the_native_binary_beside_it", () => {
    expect(realpathSync(copilotVerifyRunner.resolveBin?.(copilotLauncher()) ?? "")).toBe(
      realpathSync(copilotBin()),
    );
  });
  it("the_native_binary_and_a_missing_path_stay_as_given", () => {
    expect(copilotNativeBin(copilotBin())).toBe(copilotBin());
    expect(copilotNativeBin("/nonexistent/copilot")).toBe("/nonexistent/copilot");
  });
});
