/**
 * `agent-context lsp` as an editor runs it: the built CLI spawned, a client over stdio built on
 * vscode-languageserver-protocol. It opens a CLAUDE.md with a dead import in a repository with an
 * unscoped rule, receives the diagnostics, edits the text (unsaved) and receives the updated ones, asks
 * for hover and definition on an import, code lenses on a rule's `paths:`, a quick fix, survives malformed
 * messages, and shuts down cleanly (status 0).
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProtocolConnection,
  type Diagnostic,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";

const CLI = resolve("dist/cli/main.js");
let root: string;
let shadowTmp: string;
let child: ChildProcessWithoutNullStreams;
let conn: ProtocolConnection;
const published = new Map<string, Diagnostic[][]>();
const stderr: string[] = [];

const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
const CLAUDE = "# Project\n\n@docs/missing.md\n@docs/there.md\n";

/** The next diagnostics published for `rel` after `count` earlier publications. */
async function diagnostics(rel: string, count: number): Promise<Diagnostic[]> {
  for (let i = 0; i < 400; i++) {
    const list = published.get(uri(rel)) ?? [];
    if (list.length > count) return list[count] as Diagnostic[];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no diagnostics for ${rel} (stderr: ${stderr.join("")})`);
}

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "ac-lsp-")));
  spawnSync("git", ["init", "-q"], { cwd: root });
  write("CLAUDE.md", CLAUDE);
  write("docs/there.md", "Read me.\n");
  write(".claude/rules/style.md", "Always use tabs.\n");
  write(".claude/rules/api.md", "---\npaths: src/**/*.ts\n---\nValidate input.\n");
  write(".claude/rules/dead.md", "---\npaths: nowhere/**/*.rs\n---\nUnused.\n");
  write(".claude/rules/cursor.md", "---\nglobs: src/**/*.ts\n---\nCursor's key.\n");
  write("src/a.ts", "export {};\n");
  write("src/b.ts", "export {};\n");
  // Its own temporary directory: the shadow of unsaved text is made there, and removed at the end.
  shadowTmp = mkdtempSync(join(tmpdir(), "ac-lsp-tmp-"));
  child = spawn(process.execPath, [CLI, "lsp", "--stdio"], {
    cwd: root,
    env: { ...process.env, TMPDIR: shadowTmp },
  });
  child.stderr.on("data", (d) => stderr.push(String(d)));
  conn = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.set(p.uri, [...(published.get(p.uri) ?? []), p.diagnostics]);
  });
  conn.listen();
  const init = (await conn.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: "r" }],
    capabilities: {},
  })) as { capabilities: Record<string, unknown>; serverInfo: { name: string } };
  expect(init.serverInfo.name).toBe("agent-context");
  expect(init.capabilities.hoverProvider).toBe(true);
  await conn.sendNotification("initialized", {});
});

afterAll(() => {
  child.kill();
});

const open = (rel: string, text: string) =>
  conn.sendNotification("textDocument/didOpen", {
    textDocument: { uri: uri(rel), languageId: "markdown", version: 1, text },
  });

describe("agent-context lsp over stdio", () => {
  it("publishes_lint_findings_for_the_open_file_and_updates_them_from_unsaved_text", async () => {
    await open("CLAUDE.md", CLAUDE);
    const first = await diagnostics("CLAUDE.md", 0);
    const missing = first.find((d) => d.code === "import-missing");
    expect(missing?.range.start).toEqual({ line: 2, character: 0 });
    expect(missing?.source).toBe("agent-context");
    expect(missing?.message).toContain("@docs/missing.md resolves to no file");
    // The unscoped rule is a finding of its own file, not of CLAUDE.md.
    expect(first.some((d) => d.code === "rule-unscoped")).toBe(false);
    // Edit (unsaved): the dead import moves one line down and a second one appears.
    await conn.sendNotification("textDocument/didChange", {
      textDocument: { uri: uri("CLAUDE.md"), version: 2 },
      contentChanges: [
        {
          range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
          text: "@docs/gone.md\n",
        },
      ],
    });
    const second = await diagnostics("CLAUDE.md", 1);
    expect(
      second
        .filter((d) => d.code === "import-missing")
        .map((d) => d.range.start.line)
        .sort(),
    ).toEqual([1, 3]);
    expect(readFileSync(join(root, "CLAUDE.md"), "utf8")).toBe(CLAUDE); // the file on disk is untouched
    // Back to the saved text: the shadow's copy is restored too.
    await conn.sendNotification("textDocument/didChange", {
      textDocument: { uri: uri("CLAUDE.md"), version: 3 },
      contentChanges: [{ text: CLAUDE }],
    });
    const third = await diagnostics("CLAUDE.md", 2);
    expect(third.filter((d) => d.code === "import-missing").map((d) => d.range.start.line)).toEqual([2]);
  });

  it("the_unscoped_rule_gets_its_finding_when_opened", async () => {
    await open(".claude/rules/style.md", "Always use tabs.\n");
    expect((await diagnostics(".claude/rules/style.md", 0)).map((d) => d.code)).toContain("rule-unscoped");
  });

  it("hover_and_definition_on_an_import_resolve_it_as_each_agent_does", async () => {
    const at = { textDocument: { uri: uri("CLAUDE.md") }, position: { line: 3, character: 5 } };
    const hover = (await conn.sendRequest("textDocument/hover", at)) as { contents: { value: string } };
    expect(hover.contents.value).toContain("**@docs/there.md** resolves to");
    expect(hover.contents.value).toContain("- Claude Code: docs/there.md");
    expect(hover.contents.value).toContain("- Codex: not followed");
    const defs = (await conn.sendRequest("textDocument/definition", at)) as { uri: string }[];
    expect(defs.map((d) => d.uri)).toEqual([uri("docs/there.md")]);
    const dead = (await conn.sendRequest("textDocument/hover", {
      ...at,
      position: { line: 2, character: 3 },
    })) as { contents: { value: string } };
    expect(dead.contents.value).toContain("docs/missing.md — no such file");
    expect(
      await conn.sendRequest("textDocument/definition", { ...at, position: { line: 2, character: 3 } }),
    ).toEqual([]);
  });

  it("hover_on_the_first_line_says_how_each_agent_loads_the_file_its_bytes_imports_and_headroom", async () => {
    const hover = (await conn.sendRequest("textDocument/hover", {
      textDocument: { uri: uri("CLAUDE.md") },
      position: { line: 0, character: 2 },
    })) as { contents: { value: string } };
    const capJson = JSON.parse(
      spawnSync(process.execPath, [CLI, "cap", "--json"], { cwd: root, encoding: "utf8" }).stdout,
    );
    const item = capJson.items.find((i: { path: string }) => i.path === "CLAUDE.md");
    // Tokens beside the bytes, as cap --json counts them (its method's label after the number).
    const tok = `${item.tokens.exact ? "" : "~"}${item.tokens.count.toLocaleString("en-US")}`;
    expect(hover.contents.value).toContain(
      `- Claude Code: loaded at launch, ${item.bytes} bytes (${tok} tokens, ${capJson.tokens.label}), charged against the cap of ${capJson.cap.toLocaleString("en-US")}: ${(capJson.cap - capJson.total).toLocaleString("en-US")} bytes of headroom left; imports docs/there.md`,
    );
    expect(hover.contents.value).toContain("- Codex: not loaded");
  });

  it("code_lenses_count_the_files_a_paths_scope_matches_and_name_a_dead_one", async () => {
    await open(".claude/rules/api.md", "---\npaths: src/**/*.ts\n---\nValidate input.\n");
    const lenses = (await conn.sendRequest("textDocument/codeLens", {
      textDocument: { uri: uri(".claude/rules/api.md") },
    })) as {
      range: { start: { line: number } };
      command: { title: string };
    }[];
    expect(lenses.map((l) => [l.range.start.line, l.command.title])).toContainEqual([
      1,
      "Claude Code: matches 2 files",
    ]);
    await open(".claude/rules/dead.md", "---\npaths: nowhere/**/*.rs\n---\nUnused.\n");
    const dead = (await conn.sendRequest("textDocument/codeLens", {
      textDocument: { uri: uri(".claude/rules/dead.md") },
    })) as {
      command: { title: string };
    }[];
    expect(dead.map((l) => l.command.title)).toContain("Claude Code: matches no file (dead)");
  });

  it("a_fixable_finding_gets_the_quick_fix_lint_fix_would_make", async () => {
    const text = "---\nglobs: src/**/*.ts\n---\nCursor's key.\n";
    await open(".claude/rules/cursor.md", text);
    const ds = await diagnostics(".claude/rules/cursor.md", 0);
    const globs = ds.filter((d) => d.code === "rule-globs-key");
    expect(globs).toHaveLength(1);
    const actions = (await conn.sendRequest("textDocument/codeAction", {
      textDocument: { uri: uri(".claude/rules/cursor.md") },
      range: globs[0]?.range,
      context: { diagnostics: globs },
    })) as { title: string; edit: { changes: Record<string, { range: unknown; newText: string }[]> } }[];
    expect(actions.map((a) => a.title)).toEqual(["agent-context: fix rule-globs-key"]);
    expect(actions[0]?.edit.changes[uri(".claude/rules/cursor.md")]).toEqual([
      {
        range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } },
        newText: "paths: src/**/*.ts\n",
      },
    ]);
    expect(readFileSync(join(root, ".claude/rules/cursor.md"), "utf8")).toBe(text);
  });

  it("an_edit_to_an_imported_file_on_disk_changes_the_importers_hover_and_diagnostics", async () => {
    const hoverText = async () =>
      (
        (await conn.sendRequest("textDocument/hover", {
          textDocument: { uri: uri("CLAUDE.md") },
          position: { line: 0, character: 2 },
        })) as { contents: { value: string } }
      ).contents.value;
    const importBytes = async () =>
      Number(/imports docs\/there\.md \((\d+) B\)/.exec(await hoverText())?.[1]);
    const before = await importBytes();
    expect(before).toBeGreaterThan(0);
    const watched = (type: number) =>
      conn.sendNotification("workspace/didChangeWatchedFiles", {
        changes: [{ uri: uri("docs/there.md"), type }],
      });
    // The imported file grows on disk: the workspace is refreshed and the importer's hover counts the new bytes.
    write("docs/there.md", "Read me, and more.\n");
    await watched(2);
    expect(await importBytes()).toBe(before + "Read me, and more.\n".length - "Read me.\n".length);
    // The imported file is deleted: the importer's diagnostics gain the dead import.
    const seen = published.get(uri("CLAUDE.md"))?.length ?? 0;
    rmSync(join(root, "docs/there.md"));
    await watched(3);
    let ds = await diagnostics("CLAUDE.md", seen);
    for (let n = seen + 1; !ds.some((d) => d.code === "import-missing" && d.range.start.line === 3); n++)
      ds = await diagnostics("CLAUDE.md", n);
    expect(
      ds
        .filter((d) => d.code === "import-missing")
        .map((d) => d.range.start.line)
        .sort(),
    ).toEqual([2, 3]);
    expect(await hoverText()).not.toContain("imports docs/there.md");
    // Restored, and an unsaved edit made and undone (the shadow in place again for the next case).
    write("docs/there.md", "Read me.\n");
    await watched(1);
    expect(await importBytes()).toBe(before);
    const dead = (ds: Diagnostic[]) =>
      ds.filter((d) => d.code === "import-missing").map((d) => d.range.start.line);
    const until = async (want: number[]) => {
      for (let n = Math.max(0, (published.get(uri("CLAUDE.md"))?.length ?? 0) - 1); ; n++)
        if (JSON.stringify(dead(await diagnostics("CLAUDE.md", n))) === JSON.stringify(want)) return;
    };
    await until([2]);
    for (const [version, text, want] of [
      [10, `${CLAUDE}@docs/nope.md\n`, [2, 4]],
      [11, CLAUDE, [2]],
    ] as const) {
      await conn.sendNotification("textDocument/didChange", {
        textDocument: { uri: uri("CLAUDE.md"), version },
        contentChanges: [{ text }],
      });
      await until([...want]);
    }
  });

  it("malformed_messages_do_not_crash_the_server_and_shutdown_exits_with_status_0", async () => {
    child.stdin.write("Content-Length: 9\r\n\r\n{not json");
    child.stdin.write("Content-Length: 2\r\n\r\n[]");
    await expect(
      conn.sendRequest("textDocument/hover", { textDocument: { uri: 7 }, position: null }),
    ).rejects.toThrow();
    await expect(conn.sendRequest("no/such/method", {})).rejects.toThrow();
    // Still serving.
    const hover = (await conn.sendRequest("textDocument/hover", {
      textDocument: { uri: uri("CLAUDE.md") },
      position: { line: 3, character: 5 },
    })) as { contents: { value: string } } | null;
    expect(hover?.contents.value).toContain("docs/there.md");
    expect(readdirSync(shadowTmp).filter((n) => n.startsWith("agent-context-lsp-"))).toHaveLength(1);
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    await conn.sendRequest("shutdown");
    await conn.sendNotification("exit");
    expect(await exited).toBe(0);
    expect(readdirSync(shadowTmp)).toEqual([]);
  });
});
