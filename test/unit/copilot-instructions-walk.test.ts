import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotLaunch } from "../../src/agents/copilot-cli/launch.js";

/** A rules folder whose every level holds two links back up: walked naively, 2^32 directories. */
function loopyRepo(levels: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-cp-walk-")));
  mkdirSync(join(root, ".git"));
  let d = join(root, ".claude", "rules");
  mkdirSync(d, { recursive: true });
  for (let i = 0; i < levels; i++) {
    writeFileSync(join(d, "rule.md"), `---\npaths: "src/l${i}/**"\n---\nlevel ${i}\n`);
    symlinkSync("..", join(d, "up"));
    symlinkSync(".", join(d, "self"));
    d = join(d, `n${i}`);
    mkdirSync(d);
  }
  return root;
}

describe("the copilot-cli instruction walk", () => {
  it("a_rules_folder_with_link_loops_at_every_level_is_walked_once_and_the_loops_are_named", () => {
    const root = loopyRepo(12);
    const launch = copilotLaunch({ root });
    const rows = launch.region.split("\n").filter((l) => l.includes("rule.md"));
    // Each level's rule once (no copy through `up` or `self`), in path order.
    expect(rows).toHaveLength(12);
    expect(new Set(rows).size).toBe(12);
    const loops = launch.findings.filter((f) => f.ruleId === "walk-stopped");
    expect(loops.length).toBeGreaterThan(0);
    expect(loops[0]?.message).toMatch(/link loop/);
  });
});
