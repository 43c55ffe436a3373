/**
 * `gemini-import-failed`: an `@` token Gemini CLI takes as an import and cannot load, so it leaves an
 * `<!-- Import failed: … -->` comment in the model's context instead. Gemini CLI's rules are not Claude
 * Code's (the gemini-cli model's imports, settled on Gemini CLI 0.61.0): any `@` after whitespace that
 * starts with a letter, `.` or `/` is a path up to the next whitespace, so npm scopes (`@types/node`),
 * `@mentions`, `@user@example.com` and a path with trailing punctuation (`@docs/a.md.`) all become failed
 * imports; only backticks protect. Reported from every context file of the repository (the model's
 * `repositorySnapshot` capability), once per place.
 */
import { dirname, join } from "node:path";
import { statSafe } from "../../fs/read.js";
import type { Finding } from "../../model/index.js";
import { finding, type LintRule } from "../rule.js";

const TRAILING_PUNCT = /[.,;:!?)\]}'"»”’]+$/;

const rule: LintRule = {
  meta: {
    id: "gemini-import-failed",
    description:
      "Gemini CLI takes an @ token as an import it cannot load and leaves an Import failed comment",
    defaultSeverity: "error",
    agents: ["gemini-cli"],
  },
  check(ctx) {
    const repositorySnapshot = ctx.agent("gemini-cli")?.capabilities?.repositorySnapshot;
    if (!repositorySnapshot) return [];
    const snap = ctx.memo("gemini-repository", () => repositorySnapshot(ctx.root));
    const seen = new Set<string>();
    const out: Finding[] = [];
    for (const e of snap.imports) {
      if (
        e.status !== "missing" &&
        e.status !== "outside-cwd" &&
        e.status !== "unreadable" &&
        e.status !== "dropped"
      )
        continue;
      if (e.from.startsWith("/")) continue; // a file outside the repository (an include directory's ancestor)
      const key = `${e.from}:${e.line}:${e.column}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const trimmed = e.token.replace(TRAILING_PUNCT, "");
      const nearMiss =
        trimmed !== e.token && statSafe(join(dirname(join(ctx.root, e.from)), trimmed))?.isFile() === true;
      const fileLike = /\.[A-Za-z0-9]+$/.test(trimmed) && !e.token.includes("@");
      let kind = "a path Gemini CLI cannot load";
      let help =
        "fix the path (imports resolve from the importing file, inside the project root) or put the text in backticks";
      if (nearMiss) {
        kind = "a path with trailing punctuation";
        help = `remove the trailing "${e.token.slice(trimmed.length)}" or put a space before it: Gemini CLI keeps it as part of the path, and @${trimmed} exists`;
      } else if (e.status === "dropped") {
        kind = "a URL";
        help = "put the URL in backticks or drop the @: Gemini CLI never fetches it";
      } else if (e.status === "outside-cwd") {
        kind = "a path outside the project root";
        help =
          "Gemini CLI imports only inside the project root (the nearest .git): move the file inside or inline its text";
      } else if (statSafe(e.targetAbs)?.isDirectory()) {
        kind = "a directory";
        help = "name a file, or write the directory in backticks: Gemini CLI fails on a directory (EISDIR)";
      } else if (e.token.includes("@")) {
        kind = "an e-mail address";
        help = `write it in backticks (\`@${e.token}\`) or drop the leading @: Gemini CLI protects only code spans and fences`;
      } else if (/^[A-Za-z][\w.-]*\/[\w.-]+[.,;:!?)]*$/.test(e.token) && !fileLike) {
        kind = "an npm scope or package path";
        help = `write it in backticks (\`@${e.token}\`) or escape it as \\@: Gemini CLI imports an @ only after whitespace and protects only code spans and fences`;
      } else if (/^[A-Za-z][\w-]*[.,;:!?)]*$/.test(e.token)) {
        kind = "a @mention";
        help = `write it in backticks (\`@${e.token}\`), escape it as \\@ or drop the @: Gemini CLI imports an @ only after whitespace and protects only code spans and fences`;
      }
      out.push({
        ...finding(
          rule.meta,
          e.from,
          e.line,
          e.column,
          `Gemini CLI takes @${e.token} (${kind}) as an import, fails, and sends "<!-- Import failed: ${e.token} … -->" instead (Claude Code reads this line by its own rules)`,
          help,
        ),
        severity: nearMiss || fileLike ? "error" : "warning",
      });
    }
    return out;
  },
};

export default rule;
