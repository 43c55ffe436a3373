/**
 * How far the user view follows a link in `$CODEX_HOME/skills` (docs/security.md, "The user's own links";
 * issue 31, fuzz case cx300:203): within the home when `$CODEX_HOME` lies in it, within the repository when
 * `$CODEX_HOME` lies in the repository (an environment the repository set), never past that; a link past the
 * bound is named and the measurement is incomplete.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { codex } from "../../src/agents/codex/index.js";

function tree(files: Record<string, string>, links: Record<string, string>): string {
  const b = realpathSync(mkdtempSync(join(tmpdir(), "ac-cx-links-")));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(b, p)), { recursive: true });
    writeFileSync(join(b, p), t);
  }
  for (const [p, to] of Object.entries(links)) {
    mkdirSync(dirname(join(b, p)), { recursive: true });
    symlinkSync(join(b, to), join(b, p));
  }
  mkdirSync(join(b, "repo/.git"), { recursive: true });
  return b;
}

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`;

function launch(b: string, codexHome: string) {
  const s = codex.launch({
    root: join(b, "repo"),
    view: "user",
    user: { home: join(b, "home"), env: { HOME: join(b, "home"), CODEX_HOME: codexHome } },
  });
  return {
    skills: s.items.filter((i) => i.kind === "skill").map((i) => i.path),
    stopped: s.findings.filter((f) => f.ruleId === "walk-stopped").map((f) => f.message),
    incomplete: s.incomplete ?? [],
  };
}

describe("links in the user's codex skills folder", () => {
  it("a_user_skill_folder_linked_elsewhere_in_the_home_is_followed", () => {
    const b = tree(
      { "home/dotfiles/skills/Zeta/SKILL.md": skill("zeta") },
      { "home/.codex/skills/zeta": "home/dotfiles/skills/Zeta" },
    );
    const r = launch(b, join(b, "home/.codex"));
    expect(r.skills).toEqual([join(b, "home/.codex/skills/zeta/SKILL.md")]);
    expect(r.stopped).toEqual([]);
  });

  it("a_user_skill_folder_linked_out_of_the_home_is_not_followed_and_named", () => {
    const b = tree(
      { "ext/skills/Zeta/SKILL.md": skill("zeta") },
      { "home/.codex/skills/zeta": "ext/skills/Zeta" },
    );
    const r = launch(b, join(b, "home/.codex"));
    expect(r.skills).toEqual([]);
    expect(r.stopped.join("\n")).toContain("not followed");
  });

  it("a_codex_home_inside_the_repository_follows_no_link_out_of_the_repository", () => {
    const b = tree(
      { "home/notes/skills/Zeta/SKILL.md": skill("zeta"), "repo/AGENTS.md": "x\n" },
      { "repo/.codex-home/skills/zeta": "home/notes/skills/Zeta" },
    );
    const r = launch(b, join(b, "repo/.codex-home"));
    expect(r.skills).toEqual([]);
    expect(r.stopped.join("\n")).toContain("not followed");
  });
});
