/**
 * A RuleTester in ESLint's shape for agent-context's lint rules: `ruleTester(rule, { valid, invalid })`
 * registers one test per case. Each case is a real repository (a fixture directory or files, written to
 * disk, made a git repository and committed, so `.gitignore` and tracked files mean what they mean) that
 * lint reads IN PROCESS (src/lint) and renders as `lint --format json` does: milliseconds per case instead
 * of a spawned CLI. test/e2e/lint-rules.test.ts keeps one spawned run that must print the same.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LintRule, lintRepository } from "../../src/lint/index.js";
import { sortFindings } from "../../src/report/findings.js";
import { findingToJson } from "../../src/report/json.js";

/** Where a finding points. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** One diagnostic as `lint --format json` prints it. */
export type Diagnostic = Place & { ruleId: string; severity: string; message: string; help: string };

/** One repository to lint. */
export interface LintCase {
  /** What the case shows, as a sentence in snake case (the test's name). */
  name: string;
  /** A directory copied as the repository (`_gitignore` becomes `.gitignore`; `expect.json` is left out). */
  fixture?: string;
  /** Files written into the repository (relative POSIX path → text). */
  files?: Record<string, string>;
  /** What a directory cannot carry (links out of the repository, large files); `outside` is beside it. */
  setup?: (repo: string, outside: string) => void;
}

/** A case the rule must report, at exactly these places. */
export interface InvalidCase extends LintCase {
  errors: Place[];
}

const made: string[] = [];
const repos = new WeakMap<LintCase, string>();

/**
 * The case's repository on disk, committed to a fresh git repository; returns its root. Made once per case
 * (lint changes nothing in it).
 */
export function lintCaseRepo(c: LintCase): string {
  const known = repos.get(c);
  if (known !== undefined) return known;
  const base = mkdtempSync(join(tmpdir(), "ac-rule-tester-"));
  made.push(base);
  const repo = join(base, "repo");
  const outside = join(base, "outside");
  mkdirSync(outside);
  if (c.fixture && existsSync(c.fixture)) cpSync(c.fixture, repo, { recursive: true });
  else mkdirSync(repo);
  for (const f of readdirSync(repo, { recursive: true, encoding: "utf8" }))
    if (f.endsWith("_gitignore"))
      renameSync(join(repo, f), join(repo, f.replace(/_gitignore$/, ".gitignore")));
  rmSync(join(repo, "expect.json"), { force: true });
  for (const [rel, text] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(repo, rel)), { recursive: true });
    writeFileSync(join(repo, rel), text);
  }
  c.setup?.(repo, outside);
  const git = (...a: string[]) => {
    const r = spawnSync("git", a, { cwd: repo, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${a.join(" ")}: ${r.stderr}`);
  };
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixture", "--allow-empty");
  repos.set(c, repo);
  return repo;
}

/** Lints `root` in process with `rules` (default: every rule); the diagnostics `--format json` prints. */
export function lintDiagnostics(root: string, rules?: readonly LintRule[]): Diagnostic[] {
  const { findings } = lintRepository({ root, ...(rules ? { rules } : {}) });
  return sortFindings(findings).map((f) => findingToJson(f) as unknown as Diagnostic);
}

/**
 * Registers the cases of one rule: each valid case must draw no finding of the rule; each invalid one
 * findings at exactly its places (each with a message and a help), and the same diagnostics of every rule
 * when the repository is given through a symlink (the agents' snapshots hold real paths).
 */
export function ruleTester(rule: LintRule, cases: { valid: LintCase[]; invalid: InvalidCase[] }): void {
  describe(rule.meta.id, () => {
    afterAll(() => {
      for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
    });
    for (const c of cases.valid)
      it(`stays_silent_on_${c.name}`, () => {
        const got = lintDiagnostics(lintCaseRepo(c), [rule]).filter((d) => d.ruleId === rule.meta.id);
        expect(got).toEqual([]);
      });
    for (const c of cases.invalid) {
      it(`fires_exactly_at_the_expected_places_on_${c.name}`, () => {
        const got = lintDiagnostics(lintCaseRepo(c), [rule]).filter((d) => d.ruleId === rule.meta.id);
        expect(got.map(({ file, line, column }) => ({ file, line, column }))).toEqual(c.errors);
        for (const d of got) {
          expect(d.message.length, d.message).toBeGreaterThan(10);
          expect(d.help.length, d.help).toBeGreaterThan(10);
        }
      });
      it(`fires_at_the_same_places_on_${c.name}_given_through_a_symlink`, () => {
        const repo = lintCaseRepo(c);
        const link = join(repo, "..", "link");
        if (!existsSync(link)) symlinkSync(repo, link);
        const viaLink = lintDiagnostics(link);
        expect(viaLink.filter((d) => d.ruleId === rule.meta.id).length).toBeGreaterThan(0);
        expect(viaLink).toEqual(lintDiagnostics(repo));
      });
    }
  });
}
