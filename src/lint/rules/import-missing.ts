/**
 * `import-missing`: an `@import` that resolves to no file, so nothing is imported. The help names the near
 * miss when there is one: trailing punctuation Claude Code keeps as part of the path, or another letter
 * case (found on case-insensitive file systems, not on Linux). A token that names no file-like path
 * (`@inject/Provide`, `@team`) is reported as a warning with the escape. Settled on Claude Code 2.1.332.
 */
import { lstatSync, readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { statSafe } from "../../fs/read.js";
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

/** Characters that end a sentence or clause and so often trail an `@path` by accident. */
const TRAILING_PUNCT = /[.,;:!?)\]}'"»”’]+$/;

/** A directory's entries by exact name and by lower-cased name (the first of each), or null (unlistable). */
type Listing = { names: Set<string>; lower: Map<string, string> } | null;

/**
 * Finds an existing path that equals the absolute path `abs` ignoring letter case, segment by segment;
 * null when there is none or when `abs` itself exists with that case. Lists directories (never reads
 * files); never throws. `listings` caches each directory's listing across calls (one lint run asks for
 * thousands of imports into one directory: without it, each lists the directory again).
 */
export function caseInsensitiveMatch(abs: string, listings: Map<string, Listing> = new Map()): string | null {
  const parts = abs.split(sep).filter(Boolean);
  let cur: string = sep;
  for (const p of parts) {
    let listing = listings.get(cur);
    if (listing === undefined) {
      try {
        const names = readdirSync(cur);
        const lower = new Map<string, string>();
        for (const n of names) {
          const l = n.toLowerCase();
          if (!lower.has(l)) lower.set(l, n);
        }
        listing = { names: new Set(names), lower };
      } catch {
        listing = null;
      }
      listings.set(cur, listing);
    }
    if (listing === null) return null;
    const exact = listing.names.has(p) ? p : listing.lower.get(p.toLowerCase());
    if (!exact) return null;
    cur = join(cur, exact);
  }
  return cur === abs ? null : cur;
}

/**
 * What lies at an import's absolute target when it is not a regular file: `null` when nothing does (no
 * entry at all), else the words for the message and its help — a link loop, a link to nothing, or an entry
 * that is not a regular file (a fifo, directory, socket or device). Never throws.
 */
export function notAFile(abs: string): { what: string; help: string } | null {
  let link = false;
  try {
    link = lstatSync(abs).isSymbolicLink();
  } catch {
    return null;
  }
  try {
    const st = statSync(abs);
    if (st.isFile()) return null;
    const type = st.isDirectory()
      ? "a directory"
      : st.isFIFO()
        ? "a fifo"
        : st.isSocket()
          ? "a socket"
          : st.isCharacterDevice() || st.isBlockDevice()
            ? "a device"
            : "a special file";
    return {
      what: `names ${type}${link ? " (through a symlink)" : ""}, not a regular file`,
      help: "import a regular text file, or remove the import",
    };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP")
      return {
        what: "is a symlink loop (the link resolves to itself)",
        help: "point the link at a real file, or remove the import",
      };
    if (link) return { what: "is a symlink to a missing file", help: "fix the link, or remove the import" };
    return null;
  }
}

const rule: LintRule = {
  meta: {
    id: "import-missing",
    description: "An @import resolves to no file, so nothing is imported",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const facts = ctx.claude();
    if (!facts) return [];
    const listings = new Map<string, Listing>();
    return claudeImports(ctx).verdicts.flatMap((v) => {
      if (v.kind !== "missing") return [];
      const odd = notAFile(v.target);
      if (odd)
        return [
          finding(
            rule.meta,
            v.file,
            v.line,
            v.column,
            `@${v.token} ${odd.what}, so nothing is imported`,
            odd.help,
          ),
        ];
      const trimmed = v.token.replace(TRAILING_PUNCT, "");
      const trimmedAbs = trimmed !== v.token ? facts.resolveImport(v.from, trimmed) : null;
      const cased = caseInsensitiveMatch(v.target, listings);
      let help = "fix the path (imports resolve relative to the importing file) or remove the import";
      if (trimmedAbs && statSafe(trimmedAbs)?.isFile()) {
        help = `remove the trailing "${v.token.slice(trimmed.length)}" (Claude Code keeps it as part of the path): @${trimmed} exists`;
      } else if (cased) {
        help = `write the path with its real letter case, ${ctx.display(cased)}: it resolves on case-insensitive file systems (macOS, Windows) but not on Linux`;
      }
      // A token that names no file-like path was probably not meant as an import: still reported (Claude
      // Code tries it), as a warning with the escape.
      const fileLike = /\.[A-Za-z0-9]+$/.test(trimmed);
      if (!fileLike && !cased && help.startsWith("fix the path"))
        help =
          'if this is not meant as an import, escape it as "\\@" or put it in a code span; else fix the path';
      return [
        {
          ...finding(
            rule.meta,
            v.file,
            v.line,
            v.column,
            `@${v.token} resolves to no file, so nothing is imported`,
            help,
          ),
          severity: fileLike || cased ? "error" : "warning",
        },
      ];
    });
  },
};

export default rule;
