/**
 * A rules directory holding a symlink to `/`: `cap` (the built CLI) walks it within the walker's bounds
 * and says where it stopped, by the link's name and the bound's name; the cut makes the measurement
 * incomplete, so cap fails however far under the cap the count is (issue 25). Asserted on the message and
 * the exit status, never on time.
 */
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cap, cleanup, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

describe("cap on a rules directory linking to /", () => {
  it("stops_at_a_walk_bound_names_the_link_and_fails_as_incomplete", { timeout: 180_000 }, async () => {
    const repo = tempRepo({
      "CLAUDE.md": "# Memory\n",
      ".claude/rules/a.md": "rule\n",
      // The cap is far above whatever the walk finds: only the cut can fail the run.
      ".agent-context.json": '{"cap": 1000000000}\n',
    });
    symlinkSync("/", join(repo, ".claude/rules/ext"));
    const r = await cap([repo]);
    // Whichever bound the walk reaches first (the entry bound; on a loaded machine the time bound may come
    // first): the link is named, the bound said, and the run is incomplete.
    const stopped =
      /walk stopped after (100,000 directory entries \(the walker's entry limit\)|[\d.]+ s \(the walker's time limit\))/;
    expect(r.stderr).toMatch(new RegExp(`warning: \\.claude/rules/ext: links to /; ${stopped.source}`));
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.stdout).toContain("the measurement is incomplete");
    expect(r.stdout).toMatch(new RegExp(`\\.claude/rules/ext: links to /; ${stopped.source}`));
    expect(r.code).toBe(1);
  });
});
