/**
 * End to end: the built CLI (`node dist/cli/main.js cap|explain|lint ... --agent copilot-cli`) on real temp
 * git repositories. What the model computes is checked against the real Copilot CLI in
 * test/conformance/copilot-cli*.test.ts; here, that every command and format carries it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentContext } from "../support/cli-run.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";

async function run(cwd: string, ...args: string[]) {
  const r = await agentContext([...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", HOME: cwd },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function gitRepo(files: Record<string, Entry>): string {
  const d = tempDir("ac-cp-e2e-");
  writeLayout(d, { ".git": { git: true }, ...files });
  return d;
}

const REPO: Record<string, Entry> = {
  ".github/copilot-instructions.md": "Use tabs.\n",
  "AGENTS.md": "see @docs/x.md\n",
  "docs/x.md": "XDOC\n",
  "GEMINI.md": "gemini\n",
  ".github/instructions/ts.instructions.md": "---\napplyTo: '**/*.ts'\n---\nTS <rules>\n",
  ".github/instructions/all.instructions.md": "always\n",
  ".github/instructions/dead.instructions.md": "---\napplyTo: '/src/**'\n---\nnever\n",
  "src/a.ts": "a\n",
};

describe("copilot-cli through the built CLI", () => {
  it("cap_json_lists_each_block_in_the_clis_order_with_the_bytes_sent", async () => {
    const d = gitRepo(REPO);
    const r = await run(d, "cap", ".", "--agent", "copilot-cli", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ agent: "copilot-cli", agentVersion: "1.0.102", cap: 8192 });
    const items = j.items as { path: string; bytes: number; charged: boolean; importedBy: string | null }[];
    expect(items.map((i) => [i.path, i.charged, i.importedBy])).toEqual([
      [".github/copilot-instructions.md", true, null],
      ["AGENTS.md", true, null],
      ["docs/x.md", false, "AGENTS.md"],
      ["GEMINI.md", true, null],
      [".github/instructions/all.instructions.md", true, null],
    ]);
    const agents = `see @docs/x.md\n\n<imported_custom_instruction source="${join(d, "docs/x.md")}">\nXDOC\n</imported_custom_instruction>\n`;
    // The import's absolute source path depends on the checkout: framingBytes, never charged.
    const framing = Buffer.byteLength(join(d, "docs/x.md"));
    expect(items[1]).toMatchObject({ bytes: Buffer.byteLength(agents) - framing, framingBytes: framing });
    expect(j.total).toBe(10 + Buffer.byteLength(agents) - framing + 7 + 7);
    expect(j.framingBytes).toBe(framing);
  });

  it("a_cap_per_agent_in_the_config_fails_the_copilot_launch_only", async () => {
    const d = gitRepo({ ...REPO, ".agent-context.json": '{ "agents": { "copilot-cli": { "cap": 20 } } }\n' });
    const r = await run(d, "cap", ".", "--agent", "all");
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/GitHub Copilot CLI/);
    const gh = await run(d, "cap", ".", "--agent", "copilot-cli", "--format", "github");
    expect(gh.code).toBe(1);
    expect(gh.stdout).toContain("::error");
    const sarif = await run(d, "cap", ".", "--agent", "copilot-cli", "--format", "sarif");
    expect(JSON.parse(sarif.stdout).version).toBe("2.1.0");
  });

  it("explain_json_lists_in_on_read_what_a_view_attaches_escaped", async () => {
    const d = gitRepo(REPO);
    const r = await run(d, "explain", "src/a.ts", ".", "--agent", "copilot-cli", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.onRead.map((i: { path: string; bytes: number }) => [i.path, i.bytes])).toEqual([
      [
        ".github/instructions/ts.instructions.md",
        Buffer.byteLength("---\napplyTo: &apos;**/*.ts&apos;\n---\nTS &lt;rules&gt;\n"),
      ],
    ]);
    const text = await run(d, "explain", "src/a.ts", ".", "--agent", "copilot-cli");
    expect(text.stdout).toContain("When GitHub Copilot CLI reads src/a.ts");
  });

  it("lint_reports_an_applyto_that_never_matches_and_files_only_some_agents_load", async () => {
    const d = gitRepo(REPO);
    const r = await run(d, "lint", ".", "--format", "json");
    const findings = JSON.parse(r.stdout).diagnostics as { ruleId: string; file: string; severity: string }[];
    const dead = findings.filter((f) => f.ruleId === "copilot-applyto-never-matches");
    expect(dead.map((f) => f.file)).toEqual([".github/instructions/dead.instructions.md"]);
    const one = findings.filter((f) => f.ruleId === "memory-read-by-one-agent").map((f) => f.file);
    expect(one).toContain("GEMINI.md");
    expect(one).toContain(".github/copilot-instructions.md");
  });
});
