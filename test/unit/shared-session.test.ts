/**
 * The key a conformance file shares an agent session by (test/support/session-log.ts `sharedSession`,
 * `sessionHash`): the same session in another temp folder shares; any input that reaches the CLI — a
 * file's byte, a link, an argument, the script, the environment, the release — makes another session.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type SessionInputs, sessionHash, sharedSession } from "../support/session-log.js";

// The sessions here start nothing: none belongs in a session log (scripts/session-count.mjs).
delete process.env.AGENT_CONTEXT_SESSION_LOG;

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A probe-like session folder: a repository with `files`, a HOME and a config dir inside it. */
function session(files: Record<string, string>, link?: string): { root: string; inputs: SessionInputs } {
  const root = mkdtempSync(join(tmpdir(), "ac-shared-"));
  made.push(root);
  for (const [rel, text] of Object.entries(files))
    writeFileSync(join(root, rel), text.replaceAll("<R>", root));
  if (link) symlinkSync(link, join(root, "linked.md"));
  mkdirSync(join(root, ".home"));
  return {
    root,
    inputs: {
      cwd: root,
      home: join(root, ".home"),
      script: [[{ type: "tool_use", name: "Read", input: { file_path: join(root, "CLAUDE.md") } }]],
      args: ["--allowedTools", "Read"],
    },
  };
}

const FILES = { "CLAUDE.md": "Use pnpm.\n@<R>/docs.md\n", "docs.md": "Docs.\n" };

describe("the key of a shared session", () => {
  it("the_same_session_in_another_temp_folder_has_the_same_key", () => {
    const a = session(FILES, "CLAUDE.md");
    const b = session(FILES, "CLAUDE.md");
    expect(a.root).not.toBe(b.root);
    expect(sessionHash("claude-code", "2.1.332", b.inputs)).toBe(
      sessionHash("claude-code", "2.1.332", a.inputs),
    );
  });

  it("every_input_that_reaches_the_cli_makes_another_session", () => {
    const base = session(FILES, "CLAUDE.md");
    const key = (agent: string, release: string, inputs: SessionInputs) =>
      sessionHash(agent, release, inputs);
    const k = key("claude-code", "2.1.332", base.inputs);
    const other = [
      key("claude-code", "2.1.197", base.inputs),
      key("gemini-cli", "2.1.332", base.inputs),
      key("claude-code", "2.1.332", session({ ...FILES, "docs.md": "Docs!\n" }, "CLAUDE.md").inputs),
      key("claude-code", "2.1.332", session({ ...FILES, "x.md": "" }, "CLAUDE.md").inputs),
      key("claude-code", "2.1.332", session(FILES, "docs.md").inputs),
      key("claude-code", "2.1.332", { ...base.inputs, args: ["--allowedTools", "Read,Write"] }),
      key("claude-code", "2.1.332", { ...base.inputs, script: [] }),
      key("claude-code", "2.1.332", { ...base.inputs, env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" } }),
      key("claude-code", "2.1.332", { ...base.inputs, cwd: join(base.root, ".home") }),
    ];
    for (const o of other) expect(o).not.toBe(k);
    expect(new Set(other).size).toBe(other.length);
  });

  it("a_session_runs_once_per_key_and_a_different_input_runs_again", async () => {
    const a = session(FILES);
    const b = session(FILES);
    const c = session({ ...FILES, "docs.md": "Other.\n" });
    let started = 0;
    const start = async () => ++started;
    const first = await sharedSession("claude-code", "2.1.332", a.inputs, start);
    const again = await sharedSession("claude-code", "2.1.332", b.inputs, start);
    const changed = await sharedSession("claude-code", "2.1.332", c.inputs, start);
    expect([first, again, changed, started]).toEqual([1, 1, 2, 2]);
  });

  it("a_session_whose_inputs_the_key_does_not_cover_whole_starts_each_time", async () => {
    let started = 0;
    const start = async () => ++started;
    // Over the walk's bound (5,000 entries): the folder after it is not listed, its files not keyed.
    const many = session(FILES);
    mkdirSync(join(many.root, "many"));
    for (let i = 0; i < 5_001; i++) writeFileSync(join(many.root, "many", `f${i}`), "");
    mkdirSync(join(many.root, "zz"));
    writeFileSync(join(many.root, "zz", "late.md"), "Late.\n");
    // A file of 1 MB or more, keyed by its size only.
    const big = session({ ...FILES, "big.md": "x".repeat(1_000_000) });
    const runs = [];
    for (const s of [many, many, big, big])
      runs.push(await sharedSession("claude-code", "2.1.332", s.inputs, start));
    expect(runs).toEqual([1, 2, 3, 4]);
  });

  it("a_run_that_failed_or_timed_out_is_not_kept_so_a_retry_starts_its_own", async () => {
    const a = session({ "CLAUDE.md": "retry\n" });
    let started = 0;
    const timedOut = async () => ({ n: ++started, timedOut: started === 1 });
    const keep = (r: { timedOut: boolean }) => !r.timedOut;
    const first = await sharedSession("claude-code", "2.1.332", a.inputs, timedOut, keep);
    await Promise.resolve();
    const retry = await sharedSession("claude-code", "2.1.332", a.inputs, timedOut, keep);
    const kept = await sharedSession("claude-code", "2.1.332", a.inputs, timedOut, keep);
    expect([first.n, retry.n, kept.n]).toEqual([1, 2, 2]);
    const b = session({ "CLAUDE.md": "throws\n" });
    await expect(
      sharedSession("claude-code", "2.1.332", b.inputs, async () => {
        throw new Error("no start");
      }),
    ).rejects.toThrow("no start");
    await Promise.resolve();
    expect(await sharedSession("claude-code", "2.1.332", b.inputs, async () => "ran")).toBe("ran");
  });
});
