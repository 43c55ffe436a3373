/**
 * `import-in-code-span`: `` `@docs/x.md` `` inside an inline code span naming an existing file. Claude
 * Code 2.1.332 does not expand it: it is literal text, so the file is not imported.
 */
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "import-in-code-span",
    description: "An @path to an existing file sits inside a code span, so it is literal text, not an import",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    return claudeImports(ctx).codeSpans.map((s) =>
      finding(
        rule.meta,
        s.file,
        s.line,
        s.column,
        `\`@${s.token}\` is inside a code span, so it is literal text and ${ctx.display(s.target)} is not imported`,
        `remove the backticks to import the file; if the literal text is intended, write the path without "@"`,
      ),
    );
  },
};

export default rule;
