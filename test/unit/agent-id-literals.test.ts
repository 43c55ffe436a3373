/**
 * Agent ids stay in src/agents/ (issue 28, "the agent boundary holds"): outside it, code asks the registry
 * (`agents()`, `agentById(id)`) and the capabilities instead of naming `claude-code`, `codex`, `gemini-cli`
 * or `copilot-cli`. What may name one: a lint rule's `meta.agents` and its `ctx.agent(id)` (a rule about one
 * agent names it by registry id, as its own rule id does; docs/architecture.md) and the configuration's
 * example strings. Today's files are listed in {@link CEILING} with their count of string literals naming an
 * agent id, as a ceiling: a count may only shrink (then lower it), a file may leave the list, and a file not
 * listed may name none.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { agents } from "../../src/agents/index.js";

const SRC = join(import.meta.dirname, "../../src");

/** Files outside src/agents/ that name agent ids in string literals, and how many literals at most. */
const CEILING: Record<string, number> = {
  "config.ts": 2, // the lint.rules example and the agents-array message
  "config/validate.ts": 1, // generated: the schema's description of `agents` (src/config/schema.ts)
  "mcp/server.ts": 1, // the `agent` argument's description
  // Lint rules about one agent: `meta.agents` (and `ctx.agent(id)` where the rule reads its snapshot).
  "lint/rules/agent-missing-description.ts": 1,
  "lint/rules/agents-md-shadowed.ts": 1,
  "lint/rules/codex-chain-truncated.ts": 1,
  "lint/rules/copilot-applyto-never-matches.ts": 2,
  "lint/rules/description-over-cut.ts": 1,
  "lint/rules/listing-over-budget.ts": 1,
  "lint/rules/duplicate-entry-name.ts": 1,
  "lint/rules/frontmatter-unparseable.ts": 1,
  "lint/rules/gemini-import-failed.ts": 2,
  "lint/rules/import-beyond-hop-limit.ts": 1,
  "lint/rules/import-in-code-span.ts": 1,
  "lint/rules/import-missing.ts": 1,
  "lint/rules/import-not-followed.ts": 1,
  "lint/rules/import-outside-cwd.ts": 1,
  "lint/rules/local-memory-in-dot-claude.ts": 1,
  "lint/rules/local-memory-tracked.ts": 1,
  "lint/rules/memory-symlink-escapes.ts": 1,
  "lint/rules/memory-unseen-by-agent.ts": 5,
  "lint/rules/project-agent-needs-acknowledgment.ts": 1,
  "lint/rules/router-dead-trigger.ts": 1,
  "lint/rules/router-shard-unusable.ts": 1,
  "lint/rules/rule-dead-glob.ts": 1,
  "lint/rules/rule-frontmatter-not-first-line.ts": 1,
  "lint/rules/rule-frontmatter-yaml.ts": 1,
  "lint/rules/rule-globs-key.ts": 1,
  "lint/rules/rule-link-escapes.ts": 1,
  "lint/rules/rule-paths-empty.ts": 1,
  "lint/rules/rule-paths-nested.ts": 1,
  "lint/rules/rule-unscoped.ts": 2,
  "lint/rules/skill-folder-not-scanned.ts": 1,
  "lint/rules/skill-missing-description.ts": 1,
  "lint/rules/skill-name-differs-from-folder.ts": 1,
};

/** String literals (and template pieces) of one source text that name one of `ids` as a whole word. */
function agentIdLiterals(text: string, ids: readonly string[]): string[] {
  const word = new RegExp(`(^|[^\\w-])(${ids.join("|")})(?![\\w-])`);
  const sf = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      word.test(node.text) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent)
    )
      out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe("agent ids outside src/agents", () => {
  const ids = agents().map((a) => a.id);

  it("the_measure_counts_string_literals_naming_an_agent_id_and_not_comments_or_other_words", () => {
    expect(ids).toEqual(expect.arrayContaining(["claude-code", "codex", "gemini-cli", "copilot-cli"]));
    const text = `// claude-code in a comment\nconst a = "codex";\nconst b = \`run \${x} with ["gemini-cli"]\`;\nconst c = "codexes";\nconst d = "my-codex";\n`;
    expect(agentIdLiterals(text, ids)).toEqual(["codex", ' with ["gemini-cli"]']);
  });

  it("no_file_outside_src_agents_names_more_agent_ids_than_its_ceiling", () => {
    const counts: Record<string, number> = {};
    for (const f of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
      const rel = f.split("\\").join("/");
      if (!rel.endsWith(".ts") || rel.startsWith("agents/")) continue;
      const text = readFileSync(join(SRC, rel), "utf8");
      if (!ids.some((id) => text.includes(id))) continue; // parse only the files that may name one
      const n = agentIdLiterals(text, ids).length;
      if (n > 0) counts[rel] = n;
    }
    const over = Object.entries(counts)
      .filter(([f, n]) => n > (CEILING[f] ?? 0))
      .map(
        ([f, n]) =>
          `src/${f}: ${n} agent-id literals, ceiling ${CEILING[f] ?? 0} (ask the registry or a capability)`,
      );
    expect(over).toEqual([]);
    const lower = Object.entries(CEILING)
      .filter(([f, n]) => (counts[f] ?? 0) < n)
      .map(([f, n]) => `src/${f}: ${counts[f] ?? 0}, ceiling ${n}`);
    expect(lower, "fewer agent-id literals than the ceiling: lower it (or delete the line)").toEqual([]);
  });
});
