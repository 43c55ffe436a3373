/**
 * The benchmark guard (bench/guard.mjs, `npm run bench:guard`, run by CI) fails on a regression: a copy of
 * the build whose applyTo check tries every pattern on every file again (the quadratic check that once made
 * lint 57x cap at 50,000 rules while nothing noticed) fails the guard's lint ratio, named, with exit 1.
 * Only the failure is asserted: the guard's limits are 3x the targets so that a healthy build passes on a
 * loaded machine, which a test must not time.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A copy of dist/ inside the project (so its packages resolve), with `edit` applied to one file. */
function distWith(file: string, edit: (text: string) => string): string {
  mkdirSync(join(ROOT, "test/.tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "test/.tmp/guard-"));
  made.push(dir);
  cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true });
  const path = join(dir, "dist", file);
  const before = readFileSync(path, "utf8");
  const after = edit(before);
  expect(after, `the edit of ${file} must change it`).not.toBe(before);
  writeFileSync(path, after);
  return join(dir, "dist");
}

describe("bench:guard", () => {
  it("fails_on_a_build_whose_lint_went_quadratic_again_and_names_the_ratio", { timeout: 900_000 }, () => {
    const dist = distWith("lint/rules/copilot-applyto-never-matches.js", (t) =>
      t.replace('files.under(dirOf?.(g) ?? "")', 'files.under("")'),
    );
    const r = spawnSync(
      process.execPath,
      [join(ROOT, "bench/guard.mjs"), "--only", "lint", "--runs", "1", "--dist", dist],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    expect(r.stderr).toBe("");
    const line = r.stdout.split("\n").find((l) => l.includes(" lint: ")) ?? r.stdout;
    expect(line).toMatch(/^FAIL lint: [\d.]+x \(target 1\.5x, limit 4\.5x\)/);
    expect(Number(/([\d.]+)x/.exec(line)?.[1])).toBeGreaterThan(4.5);
    expect(r.stdout).toContain("ratio(s) above 3x their target");
    expect(r.status).toBe(1);
  });
});
