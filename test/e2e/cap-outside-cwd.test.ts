/** `cap` warnings for imports outside the launch directory but inside the repository (real CLI, temp repos). */
import { afterAll, describe, expect, it } from "vitest";
import { cap, cleanup, tempRepo } from "./cap-helpers.js";

afterAll(cleanup);

const REPO = {
  "CLAUDE.md": "# Shop\n\n@docs/shared.md\n",
  "docs/shared.md": "Shared conventions.\n",
  "packages/api/CLAUDE.md": "# API\n",
  "packages/web/CLAUDE.md": "# Web\n",
};

describe("imports outside the launch directory", () => {
  it("an_import_inside_the_repository_but_outside_the_cwd_says_a_launch_there_does_not_load_it", async () => {
    const root = tempRepo(REPO);
    const r = await cap([root, "--cwd", "packages/api"], {}, root);
    const warn = r.stderr.split("\n").filter((l) => l.includes("docs/shared.md"));
    expect(warn).toEqual([
      "warning: CLAUDE.md:3:1: docs/shared.md: imported by CLAUDE.md but lies outside the working directory (packages/api); a launch in packages/api does not load it (import it from a memory file inside packages/api, or accept that launches there go without it)",
    ]);
    expect(r.stderr).not.toContain("move the file inside the repository");
  });

  it("with_all_cwds_the_same_import_is_one_warning_naming_the_directories", async () => {
    const root = tempRepo(REPO);
    const r = await cap([root, "--all-cwds"]);
    const warn = r.stderr.split("\n").filter((l) => l.includes("docs/shared.md"));
    expect(warn).toHaveLength(1);
    expect(warn[0]).toContain(
      "lies outside 2 launch directories (packages/api, packages/web); a launch in any of them does not load it",
    );
  });
});
