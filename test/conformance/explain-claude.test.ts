/**
 * `explain PATH`: its on-read prediction checked against what the real Claude Code CLI (2.1.332) attaches
 * after a scripted Read of PATH, and its launch set against the CLI's first request. The on-read model's own
 * conformance suite (test/conformance/claude-onread.test.ts) covers the matching rules; this test checks
 * that explain wires the model up with the right root, cwd, target and launch set.
 */
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { explain, repo } from "../e2e/explain-helpers.js";
import { launchSections, runClaude } from "../support/claude.js";

const BLOCK = /^<system-reminder>\nContents of (\/[^\n]*?):\n\n([\s\S]*)\n<\/system-reminder>\n?$/;

describe("agent-context explain against the real Claude Code", () => {
  it("its_on_read_prediction_matches_what_the_cli_attaches_after_a_read", async () => {
    const root = repo();
    const r = explain(root, ["pkg/api/src/a.ts", "--json"]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual([
      "$schema",
      "agent",
      "agentVersion",
      "release",
      "root",
      "cwd",
      "view",
      "applied",
      "launch",
      "total",
      "charged",
      "overhead",
      "unmeasured",
      "partialSessions",
      "onRead",
      "onTool",
      "tokens",
    ]);

    const run = await runClaude({
      cwd: root,
      args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"],
      script: [[{ type: "tool_use", name: "Read", input: { file_path: join(root, "pkg/api/src/a.ts") } }]],
    });
    expect(run.code).toBe(0);
    expect(j.launch.map((i: { path: string }) => i.path)).toEqual(
      launchSections(run).map((s) => relative(root, s.path)),
    );
    // biome-ignore lint/suspicious/noExplicitAny: API message JSON
    const after = ((run.mainRequests[1]?.body.messages ?? []) as any[]).at(-1);
    const attached = (after.content as { type: string; text?: string }[])
      .filter((b) => b.type === "text")
      .map((b) => BLOCK.exec(b.text ?? ""))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ path: relative(root, m[1] ?? ""), bytes: Buffer.byteLength(m[2] ?? "") }));
    expect(attached.length).toBeGreaterThan(0);
    expect(j.onRead.map((i: { path: string; bytes: number }) => ({ path: i.path, bytes: i.bytes }))).toEqual(
      attached,
    );
  });
});
