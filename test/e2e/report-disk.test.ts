/**
 * `report` on a full or read-only disk (issue 25): one `agent-context:` line naming the file and the
 * cause, exit 2, nothing left on the disk. The disk is a real tmpfs, 4 KB or mounted read-only, in a
 * user and mount namespace of the test's own (`unshare -rm`); where none can be made the cases are
 * skipped, saying so. The built CLI.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, cleanup, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

const canMount = spawnSync("unshare", ["-rm", "true"]).status === 0;

/** Mounts a tmpfs with `opts` at a fresh folder, runs `report --out` into it, lists what is left there. */
function reportOnto(opts: string): { code: number; stderr: string; left: string } {
  const repo = tempRepo({ "CLAUDE.md": "# Project\n\nUse the house style.\n".repeat(400) });
  const mnt = join(tempRepo(), "disk");
  mkdirSync(mnt);
  const script = [
    `mount -t tmpfs -o ${opts} tmpfs "${mnt}" || exit 99`,
    `"${process.execPath}" "${CLI}" report --out "${mnt}/report.html" "${repo}"`,
    'code=$?; echo "left:$(ls -A "$0")"; exit $code',
  ].join("\n");
  const r = spawnSync("unshare", ["-rm", "sh", "-c", script, mnt], { encoding: "utf8" });
  return { code: r.status ?? -1, stderr: r.stderr, left: r.stdout.trim().split("\n").pop() ?? "" };
}

describe.skipIf(!canMount)("report on a disk it cannot write (needs unshare -rm)", () => {
  it("a_full_disk_is_one_line_naming_the_file_exit_2_and_nothing_left", () => {
    const r = reportOnto("size=4k");
    expect(r.stderr).toMatch(/^agent-context: .*\/report\.html: cannot write the report \(ENOSPC[^\n]*\n$/);
    expect(r.code).toBe(2);
    expect(r.left).toBe("left:");
  });

  it("a_read_only_disk_is_one_line_naming_the_file_exit_2", () => {
    const r = reportOnto("ro");
    expect(r.stderr).toMatch(/^agent-context: .*\/report\.html: cannot write the report \(EROFS[^\n]*\n$/);
    expect(r.code).toBe(2);
  });
});
