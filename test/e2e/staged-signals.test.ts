/**
 * Staged files never outlive a run (issue 25): SIGTERM (what CI sends on cancel) or SIGINT during a write
 * leaves no `.tmp` file (the write ends, all renamed or all rolled back, before the process does), and a staged file a killed run left behind (SIGKILL, a power
 * cut) is removed by the next write of the same file: only ours, by name, owner and age. The built code
 * (dist/), in a child process killed mid-write; init, the built CLI, for the later clean-up.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, cleanup, git, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

const ATOMIC = resolve(import.meta.dirname, "../../dist/fs/atomic.js");

/** A child writing 400 files of 256 KB all-or-nothing into `dir`, flushing each: a long write. */
function writer(dir: string) {
  const script = `
    import { writeFilesAtomic } from ${JSON.stringify(ATOMIC)};
    const data = Buffer.alloc(256 * 1024, 120);
    const files = Array.from({ length: 400 }, (_, i) => ({ path: ${JSON.stringify(dir)} + "/f" + i + ".md", data }));
    process.stderr.write("writing\\n");
    writeFilesAtomic(files);
    process.stderr.write("written\\n");
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

describe("a signal during a write", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s_mid_write_ends_the_process_and_leaves_no_staged_file",
    { timeout: 120_000 },
    async (sig) => {
      const dir = tempRepo();
      const child = writer(dir);
      let err = "";
      const ended = new Promise<NodeJS.Signals | null>((res) => child.on("exit", (_c, s) => res(s)));
      await new Promise<void>((res) =>
        child.stderr.on("data", (b: Buffer) => {
          err += b.toString();
          if (err.includes("writing")) res();
        }),
      );
      // Wait until staging is under way (a staged file exists), then signal.
      for (let i = 0; i < 2000 && !readdirSync(dir).some((n) => n.endsWith(".tmp")); i++)
        await new Promise((r) => setTimeout(r, 5));
      expect(readdirSync(dir).some((n) => n.endsWith(".tmp"))).toBe(true);
      child.kill(sig);
      const signal = await ended;
      // Node runs the handler between synchronous steps: the write ends (all renamed, or all rolled back)
      // before the process does, by the signal or by finishing.
      expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
      const written = readdirSync(dir).length;
      expect([0, 400]).toContain(written);
      if (signal === null) expect(err).toContain("written");
      else expect(signal).toBe(sig);
    },
  );
});

describe("a staged file a killed run left behind", () => {
  it("is_removed_by_the_next_write_of_its_file_and_nothing_else_is", () => {
    const repo = tempRepo({ "CLAUDE.md": "# Project\n" });
    git(repo, "init", "-q");
    mkdirSync(join(repo, ".claude"), { recursive: true });
    const claude = join(repo, ".claude");
    const dead = 2 ** 22 + 12345; // above pid_max's default range: no such process
    const old = new Date(Date.now() - 2 * 60 * 1000);
    const stale = join(claude, `.settings.json.${dead}.${Date.now() - 120_000}.tmp`);
    const young = join(claude, `.settings.json.${dead}.${Date.now()}.1.tmp`);
    const other = join(claude, `.other.json.${dead}.${Date.now() - 120_000}.tmp`);
    const notOurs = join(claude, ".settings.json.backup.tmp");
    for (const f of [stale, young, other, notOurs]) writeFileSync(f, "{");
    for (const f of [stale, other, notOurs]) utimesSync(f, old, old);
    const r = spawnSync(process.execPath, [CLI, "init", repo], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect([young, other, notOurs].filter(existsSync)).toEqual([young, other, notOurs]);
  });
});
