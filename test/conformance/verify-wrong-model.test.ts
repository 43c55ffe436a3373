/**
 * A deliberately wrong model (a test double of the model — its launch is altered — never of the CLI)
 * run through `verify` against the real pinned CLIs: verify reports the exact disagreement.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { verifyRepository } from "../../src/app/verify.js";
import type { AgentModel, Snapshot } from "../../src/model/index.js";
import { renderVerifyText } from "../../src/report/verify.js";
import { claudeBin } from "../support/claude.js";
import { codexBin } from "../support/codex.js";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-verify-wrong-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** The real model with its launch changed by `alter` (the double). */
function wrong(id: string, alter: (s: Snapshot) => Snapshot): AgentModel {
  const real = agentById(id);
  return { ...real, launch: (o) => alter(real.launch(o)) };
}

/** A snapshot whose text for `path` is `text` (the item's bytes follow). */
function withText(s: Snapshot, path: string, text: string): Snapshot {
  const texts = new Map(s.texts);
  texts.set(path, text);
  return { ...s, texts };
}

const FILES = {
  "CLAUDE.md": "# Rules\n\nUse pnpm, never npm.\n",
  ".claude/rules/style.md": "Two spaces.\n",
  "AGENTS.md": "Codex: use pnpm.\n",
  ".git/HEAD": "ref: refs/heads/main\n",
};

describe("verify against a deliberately wrong model", () => {
  it("a_model_that_gets_one_byte_wrong_is_reported_at_that_byte_of_that_file", async () => {
    const root = repo(FILES);
    const agent = wrong("claude-code", (s) => withText(s, "CLAUDE.md", "# Rules\n\nUse pnpm, never yarn."));
    const r = await verifyRepository({ agent, cli: claudeBin("2.1.332"), root, cwd: root });
    expect(r.disagreements).toEqual([
      {
        moment: "launch",
        kind: "text",
        file: "CLAUDE.md",
        offset: 25,
        model: '30 bytes, at byte 25: …"es\\n\\nUse pnpm, never yarn."',
        cli: '29 bytes, at byte 25: …"es\\n\\nUse pnpm, never npm."',
      },
    ]);
    expect(r.agrees).toBe(false);
    expect(renderVerifyText(r)).toContain(
      'CLAUDE.md (launch): the text differs\n    model:    30 bytes, at byte 25: …"es\\n\\nUse pnpm, never yarn."\n    your CLI: 29 bytes, at byte 25: …"es\\n\\nUse pnpm, never npm."\n',
    );
  });

  it("a_model_that_drops_a_rule_and_one_that_invents_a_file_are_each_named", async () => {
    const root = repo(FILES);
    const drop = wrong("claude-code", (s) => ({
      ...s,
      items: s.items.filter((i) => i.path !== ".claude/rules/style.md"),
    }));
    const invent = wrong("claude-code", (s) => {
      const extra = { ...(s.items[0] as Snapshot["items"][number]), path: "GHOST.md" };
      return withText({ ...s, items: [...s.items, extra] }, "GHOST.md", "boo");
    });
    const [a, b] = await Promise.all([
      verifyRepository({ agent: drop, cli: claudeBin("2.1.332"), root, cwd: root }),
      verifyRepository({ agent: invent, cli: claudeBin("2.1.332"), root, cwd: root }),
    ]);
    expect(a.disagreements).toEqual([
      {
        moment: "launch",
        kind: "missing",
        file: ".claude/rules/style.md",
        model: "not delivered",
        cli: 'delivered, 11 bytes: "Two spaces."',
      },
    ]);
    expect(b.disagreements).toEqual([
      {
        moment: "launch",
        kind: "extra",
        file: "GHOST.md",
        model: 'delivered, 3 bytes: "boo"',
        cli: "not delivered",
      },
    ]);
  });

  it("a_model_that_orders_the_files_otherwise_is_reported_as_an_order_difference", async () => {
    const root = repo(FILES);
    const agent = wrong("claude-code", (s) => ({ ...s, items: [...s.items].reverse() }));
    const r = await verifyRepository({ agent, cli: claudeBin("2.1.197"), root, cwd: root });
    expect(r.disagreements).toEqual([
      {
        moment: "launch",
        kind: "order",
        model: ".claude/rules/style.md, CLAUDE.md",
        cli: "CLAUDE.md, .claude/rules/style.md",
      },
    ]);
  });

  it("a_wrong_codex_model_is_reported_in_the_file_that_holds_the_first_differing_byte", async () => {
    const root = repo(FILES);
    const agent = wrong("codex", (s) => withText(s, "AGENTS.md", "Codex: use npm.\n"));
    const r = await verifyRepository({ agent, cli: codexBin(), root, cwd: root });
    expect(r.disagreements).toEqual([
      {
        moment: "launch",
        kind: "message",
        file: "AGENTS.md",
        offset: expect.any(Number),
        model: expect.stringContaining('\\nCodex: use npm.\\n\\n</INSTRUCTIONS>"'),
        cli: expect.stringContaining('\\nCodex: use pnpm.\\n\\n</INSTRUCTIONS>"'),
      },
    ]);
  });
});
