/**
 * `import-not-followed`: an `@path` whose target exists but that Claude Code does not import. Two kinds,
 * each settled on Claude Code 2.1.332 (test/conformance/claude-launch.fixtures.ts):
 * - the loader meets the import but skips the target because its extension is not a text one (`@logo.png`;
 *   `.md`, `.txt`, `.json` and extensionless files load): the snapshot's import edge with status
 *   `not-text` (`non_text_imports_and_directories_are_skipped_but_extensionless_files_load`);
 * - the token is in a form the loader never treats as an import: right after a punctuation character
 *   (`(@docs/x.md)`, `"@x.md"`, `x!@y.md`) or inside an HTML block (`<div>@x.md</div>`)
 *   (`emails_parentheses_and_escapes_are_not_imports`, `html_blocks_and_comments_hide_imports`).
 * E-mail addresses (`me@x.md`), the `\@` escape and code spans (`import-in-code-span`) are not reported.
 */
import { claudeImports } from "../claude-imports.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "import-not-followed",
    description:
      "An @path names an existing file that Claude Code does not import (not a text file, or a form it does not follow)",
    defaultSeverity: "error",
    agents: ["claude-code"],
  },
  check(ctx) {
    const imports = claudeImports(ctx);
    const out = imports.notText.map((v) =>
      finding(
        rule.meta,
        v.file,
        v.line,
        v.column,
        `@${v.token} names ${ctx.display(v.target)}, which is not a text file by its extension: Claude Code skips the import, so nothing arrives`,
        "import a Markdown or text file instead (describe the binary there), or remove the import",
      ),
    );
    for (const v of imports.unfollowed) {
      const warning = { ...rule.meta, defaultSeverity: "warning" as const };
      out.push(
        v.form === "html-block"
          ? finding(
              warning,
              v.file,
              v.line,
              v.column,
              `@${v.token} is inside an HTML block, where Claude Code does not look for imports: ${ctx.display(v.target)} is not imported`,
              'move the import out of the HTML block onto a line of its own; if it is only a mention, write the path without "@"',
            )
          : finding(
              warning,
              v.file,
              v.line,
              v.column,
              `@${v.token} follows "${v.before}", so Claude Code does not read it as an import: ${ctx.display(v.target)} is not imported`,
              `put whitespace before "@" (e.g. \`see @${v.token}\`) to import it; if it is only a mention, write the path without "@"`,
            ),
      );
    }
    return out;
  },
};

export default rule;
