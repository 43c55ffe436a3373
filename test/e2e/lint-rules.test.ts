/**
 * One fixture per lint rule that triggers it (`hit/`, with `expect.json` giving the exact places) and one
 * near miss that must not (`miss/`). Each fixture is copied into a fresh git repository (files added and
 * committed; `_gitignore` becomes `.gitignore`), a rule-specific setup adds what git cannot carry
 * (symlinks out of the repository, large generated files), and the built CLI runs `lint --format json`.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const FIXTURES = resolve(import.meta.dirname, "../fixtures/lint/rules");

interface Place {
  file: string;
  line: number;
  column: number;
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

function makeRepo(rule: string, kind: "hit" | "miss"): string {
  const base = mkdtempSync(join(tmpdir(), `ac-lint-${rule}-`));
  const repo = join(base, "repo");
  const outside = join(base, "outside");
  mkdirSync(outside);
  const src = join(FIXTURES, rule, kind);
  if (existsSync(src)) cpSync(src, repo, { recursive: true });
  else mkdirSync(repo);
  for (const f of readdirSync(repo, { recursive: true }) as string[]) {
    if (f.endsWith("_gitignore"))
      renameSync(join(repo, f), join(repo, f.replace(/_gitignore$/, ".gitignore")));
  }
  const expectFile = join(repo, "expect.json");
  if (existsSync(expectFile)) renameSync(expectFile, join(base, "expect.json"));
  SETUP[rule]?.[kind]?.(repo, outside);
  const git = (...a: string[]) => spawnSync("git", a, { cwd: repo, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixture");
  return repo;
}

function lintJson(repo: string) {
  const r = spawnSync(process.execPath, [CLI, "lint", repo, "--format", "json"], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  const out = JSON.parse(r.stdout) as {
    diagnostics: (Place & { ruleId: string; severity: string; help: string; message: string })[];
  };
  return { code: r.status, ...out };
}

const rules = readdirSync(FIXTURES).sort();

describe("each lint rule fires on its fixture and not on its near miss", () => {
  it("every_rule_has_a_fixture_pair", async () => {
    const { ALL_RULES } = await import("../../src/lint/rules/index.js");
    expect(rules).toEqual(
      ALL_RULES.map((r) => r.id)
        .filter((id) => rules.includes(id))
        .sort(),
    );
  });

  it.each(rules)("%s_fires_exactly_at_the_expected_places", (rule) => {
    const repo = makeRepo(rule, "hit");
    const want = JSON.parse(readFileSync(join(repo, "..", "expect.json"), "utf8")) as Place[];
    const got = lintJson(repo).diagnostics.filter((d) => d.ruleId === rule);
    expect(got.map(({ file, line, column }) => ({ file, line, column }))).toEqual(want);
    for (const d of got) {
      expect(d.message.length).toBeGreaterThan(10);
      expect(d.help.length).toBeGreaterThan(10);
    }
  });

  it.each(rules)("%s_stays_silent_on_the_near_miss", (rule) => {
    const repo = makeRepo(rule, "miss");
    const got = lintJson(repo).diagnostics.filter((d) => d.ruleId === rule);
    expect(got).toEqual([]);
  });

  it.each(rules)("%s_fires_at_the_same_places_when_the_root_is_given_through_a_symlink", (rule) => {
    // The agents' snapshots hold real paths; a root given through a link once hid every dead glob.
    const repo = makeRepo(rule, "hit");
    const link = join(repo, "..", "link");
    symlinkSync(repo, link);
    const viaLink = lintJson(link).diagnostics;
    expect(viaLink.filter((d) => d.ruleId === rule).length).toBeGreaterThan(0);
    expect(viaLink).toEqual(lintJson(repo).diagnostics);
  });
});
