/**
 * `copilot-applyto-never-matches`: a GitHub Copilot CLI instructions file (`.github/instructions/**` or a
 * `.claude/rules/` file read as one) whose `applyTo` patterns match no file of the repository, so Copilot
 * lists it in its table but never attaches it. Patterns are matched with the copilot-cli model's matcher
 * (its `scopeMatcher` capability), settled on Copilot CLI 1.0.102: a leading `/`, a trailing `/`, backslashes, `;` separators and a wrong
 * case never match; `./` is dropped and a pattern without a slash matches base names.
 */
import { SortedFiles } from "../../globs/sorted-files.js";
import { finding, type LintRule } from "../rule.js";

/** Why a pattern can never match a file, when its form says so (else undefined). */
export function neverMatchingForm(pattern: string): string | undefined {
  if (pattern.startsWith("/"))
    return "a leading `/` never matches (patterns are relative to the git root, without `/`)";
  if (pattern.endsWith("/")) return "a trailing `/` never matches a file (write `dir/**`)";
  if (pattern.includes("\\")) return "a backslash never matches (use `/`)";
  if (pattern.includes(";")) return "`;` does not separate patterns (use `, `)";
  return undefined;
}

const rule: LintRule = {
  meta: {
    id: "copilot-applyto-never-matches",
    description: "A GitHub Copilot CLI applyTo pattern matches no file, so the instructions never attach",
    defaultSeverity: "warning",
    agents: ["copilot-cli"],
  },
  check(ctx) {
    const copilot = ctx.agent("copilot-cli");
    const matcher = copilot?.capabilities?.scopeMatcher;
    if (!copilot || !matcher) return [];
    const dirOf = copilot.capabilities?.scopeDir;
    const snap = ctx.snapshot(copilot);
    // Each pattern is tried only on the files under its literal directory (the scopeDir capability), once
    // per run: trying every file for every pattern made lint at 50,000 rules take 79 s (57x cap).
    let files: SortedFiles | undefined;
    const live = new Map<string, boolean>();
    const matchesAFile = (g: string): boolean => {
      let hit = live.get(g);
      if (hit === undefined) {
        files ??= new SortedFiles(ctx.files());
        const matches = matcher([g]);
        hit = false;
        for (const f of files.under(dirOf?.(g) ?? ""))
          if (matches(f)) {
            hit = true;
            break;
          }
        live.set(g, hit);
      }
      return hit;
    };
    return snap.rules.flatMap((r) => {
      if (!r.scoped || r.path.startsWith("/")) return [];
      const dead = r.globs.filter((g) => !matchesAFile(g));
      const whole = dead.length === r.globs.length;
      // A pattern that matches nothing yet is common (files to come); one whose form never matches is not.
      if (!whole && !dead.some((g) => neverMatchingForm(g) !== undefined)) return [];
      const why = dead
        .map((g) => `\`${g}\`${neverMatchingForm(g) ? ` (${neverMatchingForm(g)})` : ""}`)
        .join(", ");
      return [
        finding(
          rule.meta,
          r.path,
          1,
          1,
          whole
            ? `GitHub Copilot CLI never attaches this file: no file in the repository matches ${why}`
            : `part of applyTo matches no file in the repository: ${why}`,
          "write patterns relative to the git root with `/` separators, separated by `, ` (e.g. `src/**/*.ts, *.md`)",
        ),
      ];
    });
  },
};

export default rule;
