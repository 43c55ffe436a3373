/**
 * Every lint rule on its fixture pair, in process through the RuleTester (test/support/rule-tester.ts):
 * `hit/` must draw the rule's findings at exactly the places of its `expect.json` (and the same through a
 * symlinked root), `miss/`, a near miss, none. Each fixture is a real git repository (files committed,
 * `_gitignore` as `.gitignore`); a rule-specific setup adds what git cannot carry (symlinks out of the
 * repository, large generated files). The built CLI's run of a fixture is test/e2e/lint-rules.test.ts.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_RULES, RULES } from "../../src/lint/rules/index.js";
import { type Place, ruleTester } from "../support/rule-tester.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/lint/rules");

/**
 * Twenty skills `e00`…`e19` whose entries make Claude Code 2.1.332's skills list `over` columns longer than
 * its 30,000 budget (its own entries are 6,208 columns; the sources case
 * `three_hundred_columns_over_the_budget_the_last_skill_that_does_not_fit_loses_its_description`). Each
 * description starts with `wide` East Asian wide characters (`漢字` pairs: 2 columns, 3 bytes, 1 UTF-16 unit
 * each, as the listing-width case settles), so the list's bytes exceed its columns by 20 × `wide`, and its
 * columns exceed its length in characters by as much.
 */
function edgeSkills(repo: string, over: number, wide = 2): void {
  const own = 30_000 + over - 6208 - 20;
  const per = Math.floor(own / 20);
  for (let i = 0; i < 20; i++) {
    const name = `e${String(i).padStart(2, "0")}`;
    const columns = i < 19 ? per : own - per * 19;
    mkdirSync(join(repo, ".claude", "skills", name), { recursive: true });
    writeFileSync(
      join(repo, ".claude", "skills", name, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${"漢字".repeat(wide / 2)}${"x".repeat(columns - 7 - 2 * wide)}\n---\nbody\n`,
    );
  }
}

/** Extra setup per rule and case, for what a fixture directory cannot hold. */
const SETUP: Record<string, Partial<Record<"hit" | "miss", (repo: string, outside: string) => void>>> = {
  "memory-symlink-escapes": {
    hit: (repo, outside) => {
      writeFileSync(join(outside, "CLAUDE.md"), "# Shared notes kept outside\n");
      symlinkSync(join(outside, "CLAUDE.md"), join(repo, "CLAUDE.md"));
      mkdirSync(join(outside, "rules"));
      writeFileSync(join(outside, "rules", "style.md"), "Use tabs.\n");
      symlinkSync(join(outside, "rules"), join(repo, ".claude", "rules", "shared"));
    },
    miss: (repo) => {
      // A symlink that stays inside the repository is fine.
      symlinkSync(join(repo, "docs", "conventions.md"), join(repo, "CLAUDE.md"));
    },
  },
  "agents-md-shadowed": {
    miss: (repo) => {
      // CLAUDE.md as a link to the AGENTS.md beside it (a common layout): its text arrives, at launch and
      // nested on read.
      writeFileSync(join(repo, "lib", "AGENTS.md"), "Lib rules.\n");
      symlinkSync("AGENTS.md", join(repo, "lib", "CLAUDE.md"));
    },
  },
  "rule-link-escapes": {
    hit: (repo, outside) => {
      writeFileSync(join(outside, "style.md"), "Use tabs.\n");
      symlinkSync(join(outside, "style.md"), join(repo, ".claude", "rules", "linked.md"));
      mkdirSync(join(outside, "rules"));
      writeFileSync(join(outside, "rules", "style.md"), "Use tabs.\n");
      symlinkSync(join(outside, "rules"), join(repo, ".claude", "rules", "shared"));
    },
    miss: (repo) => {
      // A rule linked to a file inside the repository (the working directory) loads.
      mkdirSync(join(repo, ".claude", "rules"), { recursive: true });
      symlinkSync(join("..", "..", "docs", "rule.md"), join(repo, ".claude", "rules", "inside.md"));
    },
  },
  "listing-over-budget": {
    hit: (repo) => edgeSkills(repo, 300),
    // Exactly the budget in columns (its bytes are over): every description is sent.
    miss: (repo) => edgeSkills(repo, 0),
  },
  "import-outside-cwd": {
    hit: (_repo, outside) => writeFileSync(join(outside, "notes.md"), "Shared notes.\n"),
  },
  "codex-chain-truncated": {
    hit: (repo) =>
      writeFileSync(join(repo, "AGENTS.md"), `# Conventions\n${"Keep functions short. ".repeat(1600)}\n`),
    miss: (repo) =>
      writeFileSync(join(repo, "AGENTS.md"), `# Conventions\n${"Keep functions short. ".repeat(1400)}\n`),
  },
};

const fixtureRules = readdirSync(FIXTURES).sort();

describe("the lint rule fixtures", () => {
  it("every_rule_has_a_fixture_pair_and_every_fixture_names_a_rule", () => {
    expect(fixtureRules).toEqual(
      ALL_RULES.map((r) => r.id)
        .filter((id) => fixtureRules.includes(id))
        .sort(),
    );
    expect(fixtureRules.length).toBeGreaterThan(15);
  });
});

for (const id of fixtureRules) {
  const rule = RULES.find((r) => r.meta.id === id);
  if (!rule) continue; // named by the test above
  const dir = join(FIXTURES, id);
  ruleTester(rule, {
    valid: [{ name: "its_near_miss", fixture: join(dir, "miss"), setup: SETUP[id]?.miss }],
    invalid: [
      {
        name: "its_fixture",
        fixture: join(dir, "hit"),
        setup: SETUP[id]?.hit,
        errors: JSON.parse(readFileSync(join(dir, "hit", "expect.json"), "utf8")) as Place[],
      },
    ],
  });
}

// The listing budget is counted in columns, not bytes nor characters. Over the budget, 2.1.332's own entries
// that are not bundled (`init`, `security-review`) give up 134 columns of description before a repository
// skill loses its own, so the rule fires only past 134 columns over. With 160 wide characters the list's bytes
// are 160 over its columns and its characters 160 under: 100 columns over is clean, though its bytes are 260
// over; 200 columns over fires, though its characters are only 40 over. A width computed in bytes turns the
// first into a finding, one computed in characters the second into none.
describe("listing-over-budget counts columns where bytes and characters differ by 160", () => {
  const dir = join(FIXTURES, "listing-over-budget");
  const rule = RULES.find((r) => r.meta.id === "listing-over-budget");
  if (!rule) throw new Error("listing-over-budget is not registered");
  ruleTester(rule, {
    valid: [
      {
        name: "a_hundred_columns_over_the_budget_and_two_hundred_and_sixty_bytes_over_is_clean",
        fixture: join(dir, "miss"),
        setup: (repo) => edgeSkills(repo, 100, 8),
      },
    ],
    invalid: [
      {
        name: "two_hundred_columns_over_the_budget_and_forty_characters_over_cuts_the_last_skill",
        fixture: join(dir, "hit"),
        setup: (repo) => edgeSkills(repo, 200, 8),
        errors: [{ file: ".claude/skills/e19/SKILL.md", line: 1, column: 1 }],
      },
    ],
  });
});
