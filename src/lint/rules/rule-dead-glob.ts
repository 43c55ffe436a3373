/**
 * `rule-dead-glob`: a scoped rule whose globs match no file of the repository, so it never loads.
 * Matching uses Claude Code's own matcher (gitignore lines, case-insensitive, relative to the directory
 * holding `.claude/`; src/globs/claude.ts, settled on 2.1.332 by the on-read model).
 */
import { relative, sep } from "node:path";
import { compileClaudeGlobs } from "../../globs/claude.js";
import { ruleSources } from "../claude-rules.js";
import { finding, type LintRule } from "../rule.js";

/**
 * The reference: whether `globs` (relative to the absolute directory `base`) match at least one of `files`
 * (POSIX paths relative to `root`), by trying every file. True for a base outside the repository (not
 * ours to judge). Kept for the differential test of {@link deadGlobIndex}; lint uses the index.
 */
export function globsMatchSomething(
  globs: readonly string[],
  base: string,
  root: string,
  files: readonly string[],
): boolean {
  const prefix = relative(root, base).split(sep).join("/");
  if (prefix.startsWith("..")) return true;
  const m = compileClaudeGlobs(globs);
  for (const f of files) {
    if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
    if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) return true;
  }
  return false;
}

/**
 * The directory every match of one gitignore-style pattern lies in (lower case, ending in `/`), or null
 * when the pattern can match at any depth or starts with a wildcard (then every file is a candidate). A
 * pattern with a `/` before its end is anchored to its base (gitignore), so its literal leading directories
 * are a prefix of every path it matches; matching ignores case, so the prefix is lower-cased. Pure.
 */
export function patternDirPrefix(pattern: string): string | null {
  if (pattern.startsWith("!")) return null;
  const p = pattern.replace(/\/+$/, "");
  if (!p.slice(0, -1).includes("/") && !p.startsWith("/")) return null;
  const body = p.startsWith("/") ? p.slice(1) : p;
  const meta = body.search(/[*?[\\{]/);
  const literal = meta < 0 ? body : body.slice(0, meta);
  const cut = literal.lastIndexOf("/");
  return cut <= 0 ? null : literal.slice(0, cut + 1).toLowerCase();
}

/**
 * One index of the repository's files for every rule of a lint run: `matches(globs, base)` answers what
 * {@link globsMatchSomething} answers, in time near linear in rules + files. The files are sorted once
 * (lower case, for case-insensitive prefix ranges); each pattern with a literal directory prefix is tried
 * only on the files under it (a binary search finds them), the others on every file; answers are
 * memoised by base and glob list, and each glob list is compiled once (src/globs/claude.ts).
 * @param root the repository root (absolute); @param files POSIX paths relative to it
 */
export function deadGlobIndex(root: string, files: readonly string[]) {
  const sorted = files
    .map((f) => ({ key: f.toLowerCase(), f }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((x) => x.key);
  const lowerBound = (k: string) => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as string) < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const memo = new Map<string, boolean>();
  const prefixes = new Map<string, string>();
  const counts = new Map<string, number>();
  return {
    matches(globs: readonly string[], base: string): boolean {
      // Nearly every rule shares its base (the directory holding `.claude/`): one path.relative per base.
      let prefix = prefixes.get(base);
      if (prefix === undefined) {
        prefix = relative(root, base).split(sep).join("/");
        prefixes.set(base, prefix);
      }
      if (prefix.startsWith("..")) return true;
      const key = `${prefix}\0${globs.join("\0")}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      // Compiled only once a candidate file is found: a glob whose literal directory holds no file (the
      // common dead glob) is answered without building its matcher (compileClaudeGlobs never throws).
      let m: ReturnType<typeof compileClaudeGlobs> | undefined;
      const tryRange = (dir: string): boolean => {
        const from = `${prefix === "" ? "" : `${prefix.toLowerCase()}/`}${dir}`;
        for (let i = lowerBound(from); i < keys.length && (keys[i] as string).startsWith(from); i++) {
          const f = (sorted[i] as { f: string }).f;
          if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
          m ??= compileClaudeGlobs(globs);
          if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) return true;
        }
        return false;
      };
      const dirs = globs.map(patternDirPrefix);
      let hit: boolean;
      if (dirs.some((d) => d === null)) hit = tryRange("");
      else hit = [...new Set(dirs as string[])].some((d) => tryRange(d));
      memo.set(key, hit);
      return hit;
    },
    /**
     * How many of the files `globs` (relative to `base`) match, as trying every file under `base` with
     * Claude Code's matcher counts them (0 for a base outside the repository). Only the files under the
     * patterns' literal directory prefixes are tried (every file when a pattern has none). Memoised.
     */
    count(globs: readonly string[], base: string): number {
      // Nearly every rule shares its base (the directory holding `.claude/`): one path.relative per base.
      let prefix = prefixes.get(base);
      if (prefix === undefined) {
        prefix = relative(root, base).split(sep).join("/");
        prefixes.set(base, prefix);
      }
      if (prefix.startsWith("..")) return 0;
      const key = `${prefix}\0${globs.join("\0")}`;
      const known = counts.get(key);
      if (known !== undefined) return known;
      let m: ReturnType<typeof compileClaudeGlobs> | undefined;
      let n = 0;
      const countRange = (dir: string) => {
        const from = `${prefix === "" ? "" : `${prefix.toLowerCase()}/`}${dir}`;
        for (let i = lowerBound(from); i < keys.length && (keys[i] as string).startsWith(from); i++) {
          const f = (sorted[i] as { f: string }).f;
          if (prefix !== "" && !f.startsWith(`${prefix}/`)) continue;
          m ??= compileClaudeGlobs(globs);
          if (m.match(prefix === "" ? f : f.slice(prefix.length + 1)) !== null) n++;
        }
      };
      const dirs = globs.map(patternDirPrefix);
      if (dirs.some((d) => d === null)) countRange("");
      else {
        // Disjoint ranges: a prefix under another one is covered by it.
        const distinct = [...new Set(dirs as string[])].sort();
        let last: string | undefined;
        for (const d of distinct) {
          if (last !== undefined && d.startsWith(last)) continue;
          countRange(d);
          last = d;
        }
      }
      counts.set(key, n);
      return n;
    },
  };
}

const rule: LintRule = {
  meta: {
    id: "rule-dead-glob",
    description: "A scoped rule's globs match no file in the repository, so it never loads",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    let index: ReturnType<typeof deadGlobIndex> | undefined;
    return ruleSources(ctx).flatMap(({ rule: r }) => {
      if (!r.scoped || r.globs.length === 0) return [];
      index ??= deadGlobIndex(ctx.root, ctx.files());
      if (index.matches(r.globs, r.base)) return [];
      return [
        finding(
          rule.meta,
          r.path,
          1,
          1,
          `no file in the repository matches ${r.globs.map((g) => `\`${g}\``).join(", ")}, so this scoped rule never loads`,
          "fix the globs (they are relative to the directory holding .claude/), or delete the rule if its files are gone",
        ),
      ];
    });
  },
};

export default rule;
