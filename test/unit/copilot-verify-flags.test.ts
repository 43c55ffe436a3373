/**
 * verify's Copilot CLI runner on a release that predates `--disable-client-telemetry` (1.0.80 refuses it
 * before it reads anything: `error: unknown option '--disable-client-telemetry'`). A stand-in executable,
 * a shell script that answers as that release does, runs through the real process runner.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCopilotCli } from "../../src/agents/copilot-cli/verify.js";

const dir = mkdtempSync(join(tmpdir(), "ac-copilot-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in CLI: appends its arguments to `log`; refuses the telemetry flag when `old`. */
function standIn(name: string, old: boolean): { bin: string; log: string } {
  const bin = join(dir, name);
  const log = join(dir, `${name}.log`);
  writeFileSync(log, "");
  writeFileSync(
    bin,
    `#!/bin/sh\necho "$*" >> '${log}'\n${
      old
        ? `for a in "$@"; do [ "$a" = --disable-client-telemetry ] && { echo "error: unknown option '--disable-client-telemetry'" >&2; exit 1; }; done\n`
        : ""
    }exit 0\n`,
  );
  chmodSync(bin, 0o755);
  return { bin, log };
}

const calls = (log: string) => readFileSync(log, "utf8").split("\n").filter(Boolean);

describe("verify's Copilot CLI runner", () => {
  it("a_release_that_refuses_the_telemetry_flag_is_run_again_without_it", async () => {
    const { bin, log } = standIn("old-copilot", true);
    const r = await runCopilotCli({ bin, cwd: dir, home: join(dir, "h1"), cache: join(dir, "c1") });
    expect(calls(log)).toEqual([
      "-p hi --allow-all-tools --disable-client-telemetry",
      "-p hi --allow-all-tools",
    ]);
    expect(r.code).toBe(0);
  });

  it("a_release_that_knows_the_flag_runs_once_with_it", async () => {
    const { bin, log } = standIn("new-copilot", false);
    await runCopilotCli({ bin, cwd: dir, home: join(dir, "h2"), cache: join(dir, "c2") });
    expect(calls(log)).toEqual(["-p hi --allow-all-tools --disable-client-telemetry"]);
  });
});
