/**
 * The copilot executable verify runs: the npm launcher of the installed Copilot CLI (test/agents) resolves
 * to the native binary beside it; its `--version` run (the release verify compares with) unpacks nothing
 * into the throwaway HOME.
 */
import { mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotCli } from "../../src/agents/copilot-cli/index.js";
import { copilotNativeBin, copilotVerifyRunner } from "../../src/agents/copilot-cli/verify.js";
import { installedRelease } from "../../src/app/installed.js";
import { copilotBin, copilotLauncher, copilotVersion } from "../support/copilot.js";
import { runProcess } from "../support/process.js";

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
  it("the_version_run_prints_the_release_and_leaves_the_throwaway_home_empty", async () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), "ac-copilot-version-")));
    try {
      // As verify's pipeline runs it (src/app/verify.ts cliRelease), the runner's version environment
      // included: without the shared cache the CLI unpacks its package (235 MB) into HOME/.cache first.
      const r = await runProcess(copilotBin(), ["--version"], {
        cwd: home,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...copilotVerifyRunner.versionEnv?.() },
        timeoutMs: 60_000,
      });
      expect(copilotVerifyRunner.parseVersion(r.stdout), r.stderr).toBe(copilotVersion());
      expect(readdirSync(home)).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
  it("the_installed_release_a_user_view_reads_is_the_pinned_one_through_the_npm_launcher", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-copilot-installed-")));
    try {
      const found = await installedRelease(copilotCli, { root, cli: copilotLauncher() });
      expect("release" in found && [found.release, realpathSync(found.bin)]).toEqual([
        copilotVersion(),
        realpathSync(copilotBin()),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
