/**
 * `agent-context lsp`: a language server (vscode-languageserver) for the instruction files of every agent
 * (CLAUDE.md, AGENTS.md, GEMINI.md, rules, skills, subagents, Copilot instructions). It answers through the
 * product's adapter (src/mcp/product.ts) on one {@link Workspace} per repository root:
 * - diagnostics: lint's findings for the open file, from its unsaved text (./workspace.ts, the shadow);
 * - hover on the file's frontmatter or first line: per agent, loaded at launch or on demand, its bytes,
 *   its imports and the cap's headroom; hover on an `@import`: the file each agent resolves it to, or
 *   "not followed by" the agents that do not;
 * - go to definition on an `@import`: the files the agents resolve it to;
 * - code lenses on `paths:` / `applyTo:` / `globs:`: how many files the agent's matcher matches (0: dead);
 * - quick fixes: the fix `lint --fix` would make (proposed as an edit, applied by the editor).
 * Nothing is computed before a request needs it; a workspace is refreshed when a file changes on disk.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type CodeAction,
  CodeActionKind,
  type CodeLens,
  type Connection,
  createConnection,
  type Diagnostic,
  DiagnosticSeverity,
  type Hover,
  type Location,
  MarkupKind,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { type FileFacts, type Finding, importsAt, proposeFix, scopeCounts } from "../mcp/product.js";
import { rawStdout } from "../mcp/stdio.js";
import { VERSION } from "../version.js";
import { WorkspaceSet } from "./workspace.js";

/** The LSP severity of a finding's. */
function severity(s: Finding["severity"]): DiagnosticSeverity {
  return s === "error"
    ? DiagnosticSeverity.Error
    : s === "warning"
      ? DiagnosticSeverity.Warning
      : DiagnosticSeverity.Information;
}

/** A finding as an LSP diagnostic (1-based line/column to 0-based). */
export function toDiagnostic(f: Finding): Diagnostic {
  const line = Math.max(0, (f.line ?? 1) - 1);
  const character = Math.max(0, (f.column ?? 1) - 1);
  const endLine = f.endLine !== undefined ? f.endLine - 1 : line;
  const endCharacter =
    f.endColumn !== undefined ? f.endColumn - 1 : f.endLine !== undefined ? 0 : character + 1;
  return {
    range: { start: { line, character }, end: { line: endLine, character: Math.max(endCharacter, 0) } },
    severity: severity(f.severity),
    source: "agent-context",
    code: f.ruleId,
    message: f.help ? `${f.message}\n${f.help}` : f.message,
    data: { fixable: f.fixable === true },
  };
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** The hover text of a file: one line per agent. */
export function fileHover(rel: string, facts: readonly FileFacts[]): string {
  const lines = [`**${rel}** — what each agent loads (fresh clone, launch at the root)`, ""];
  for (const f of facts) {
    if (f.loadedAt === null) {
      lines.push(`- ${f.agentName}: not loaded`);
      continue;
    }
    const how =
      f.loadedAt === "launch" ? "loaded at launch" : "attached on demand (when a tool reads a file here)";
    const charged = f.charged
      ? `charged against the cap of ${fmt(f.cap)}: ${fmt(f.headroom)} bytes of headroom left`
      : "not charged";
    const imports =
      f.imports.length === 0
        ? ""
        : `; imports ${f.imports.map((i) => `${i.path} (${fmt(i.bytes)} B)`).join(", ")}`;
    lines.push(`- ${f.agentName}: ${how}, ${fmt(f.bytes)} bytes, ${charged}${imports}`);
  }
  return lines.join("\n");
}

/** The 0-based line of a frontmatter key (`paths`, `applyTo`, `globs`) or -1, and whether `line` is in the block. */
function frontmatter(text: string): { end: number; keyLine: number } {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.replace(/^\uFEFF/, "") !== "---") return { end: -1, keyLine: -1 };
  let keyLine = -1;
  for (let i = 1; i < lines.length && i < 1000; i++) {
    if (lines[i] === "---") return { end: i, keyLine };
    if (keyLine < 0 && /^(paths|applyTo|globs)\s*:/.test(lines[i] ?? "")) keyLine = i;
  }
  return { end: -1, keyLine: -1 };
}

/** Wires the server's handlers onto `connection` (stdio in the command; any stream pair in tests). */
export function serveLsp(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const spaces = new WorkspaceSet();
  const timers = new Map<string, NodeJS.Timeout>();

  const pathOf = (uri: string): string | null => {
    if (!uri.startsWith("file:")) return null;
    try {
      return fileURLToPath(uri);
    } catch {
      return null;
    }
  };

  const publish = (doc: TextDocument) => {
    const path = pathOf(doc.uri);
    if (!path) return;
    const space = spaces.forFile(path);
    if (!space) return;
    let diagnostics: Diagnostic[] = [];
    try {
      const unsaved = new Map<string, string>();
      for (const d of documents.all()) {
        const p = pathOf(d.uri);
        const rel = p ? space.relative(p) : null;
        if (rel) unsaved.set(rel, d.getText());
      }
      const rel = space.relative(path);
      if (rel)
        diagnostics = space
          .findings(unsaved)
          .filter((f) => f.file === rel)
          .map(toDiagnostic);
    } catch (e) {
      connection.console.error(`agent-context lsp: ${(e as Error).message}`);
    }
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };
  const schedule = (doc: TextDocument, ms: number) => {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        const current = documents.get(doc.uri);
        if (current) publish(current);
      }, ms),
    );
  };

  connection.onInitialize((params) => {
    for (const f of params.workspaceFolders ?? []) {
      const p = pathOf(f.uri);
      if (p) spaces.addFolder(p);
    }
    const rootPath = params.rootUri ? pathOf(params.rootUri) : null;
    if (rootPath && (params.workspaceFolders ?? []).length === 0) spaces.addFolder(rootPath);
    return {
      serverInfo: { name: "agent-context", version: VERSION },
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
        hoverProvider: true,
        definitionProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
    };
  });

  documents.onDidOpen((e) => schedule(e.document, 0));
  documents.onDidChangeContent((e) => schedule(e.document, 150));
  documents.onDidSave((e) => {
    const p = pathOf(e.document.uri);
    if (p) spaces.forFile(p)?.refresh();
    for (const d of documents.all()) schedule(d, 0);
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  connection.onDidChangeWatchedFiles((e) => {
    for (const c of e.changes) {
      const p = pathOf(c.uri);
      if (p) spaces.forFile(p)?.refresh();
    }
    for (const d of documents.all()) schedule(d, 0);
  });

  connection.onHover((params): Hover | null => {
    const doc = documents.get(params.textDocument.uri);
    const path = pathOf(params.textDocument.uri);
    if (!doc || !path) return null;
    const space = spaces.forFile(path);
    const rel = space?.relative(path);
    if (!space || !rel) return null;
    const text = doc.getText();
    const { line, character } = params.position;
    const hit = importsAt(path, text, line + 1, character + 1, space.root);
    if (hit) {
      const rows = hit.agents.map((a) => {
        if (a.target === null)
          return `- ${a.agentName}: not followed (${a.agentName} does not read @imports)`;
        const shown = space.relative(a.target) ?? a.target;
        if (!a.inside) return `- ${a.agentName}: ${shown} — outside the repository`;
        return `- ${a.agentName}: ${shown}${a.exists ? "" : " — no such file: nothing is imported"}`;
      });
      return {
        contents: {
          kind: MarkupKind.Markdown,
          value: [`**@${hit.token}** resolves to`, "", ...rows].join("\n"),
        },
        range: {
          start: { line: hit.line - 1, character: hit.column - 1 },
          end: { line: hit.line - 1, character: hit.column - 1 + hit.length },
        },
      };
    }
    const fm = frontmatter(text);
    if (line !== 0 && !(fm.end > 0 && line <= fm.end)) return null;
    return { contents: { kind: MarkupKind.Markdown, value: fileHover(rel, space.facts(rel)) } };
  });

  connection.onDefinition((params): Location[] | null => {
    const doc = documents.get(params.textDocument.uri);
    const path = pathOf(params.textDocument.uri);
    const space = path ? spaces.forFile(path) : undefined;
    if (!doc || !path || !space) return null;
    const hit = importsAt(
      path,
      doc.getText(),
      params.position.line + 1,
      params.position.character + 1,
      space.root,
    );
    if (!hit) return null;
    const targets = [
      ...new Set(hit.agents.filter((a) => a.target && a.exists && a.inside).map((a) => a.target as string)),
    ];
    const zero = { line: 0, character: 0 };
    return targets.map((t) => ({ uri: pathToFileURL(t).href, range: { start: zero, end: zero } }));
  });

  connection.onCodeLens((params): CodeLens[] => {
    const doc = documents.get(params.textDocument.uri);
    const path = pathOf(params.textDocument.uri);
    const space = path ? spaces.forFile(path) : undefined;
    if (!doc || !path || !space) return [];
    const text = doc.getText();
    const { keyLine } = frontmatter(text);
    if (keyLine < 0) return [];
    const counts = scopeCounts(text, space.root, space.files(), space.root);
    const range = { start: { line: keyLine, character: 0 }, end: { line: keyLine, character: 0 } };
    return counts.map((c) => ({
      range,
      command: {
        title: `${c.agentName}: ${c.matches === 0 ? "matches no file (dead)" : `matches ${fmt(c.matches)} file${c.matches === 1 ? "" : "s"}`}`,
        command: "",
      },
    }));
  });

  connection.onCodeAction((params): CodeAction[] => {
    const doc = documents.get(params.textDocument.uri);
    const path = pathOf(params.textDocument.uri);
    const space = path ? spaces.forFile(path) : undefined;
    const rel = path && space ? space.relative(path) : null;
    if (!doc || !space || !rel) return [];
    const fixable = params.context.diagnostics.filter(
      (d) => (d.data as { fixable?: boolean } | undefined)?.fixable,
    );
    if (fixable.length === 0) return [];
    const p = proposeFix(space.root, rel, doc.getText());
    if (!p) return [];
    const edit = {
      range: { start: { line: p.startLine - 1, character: 0 }, end: { line: p.endLine, character: 0 } },
      newText: p.after,
    };
    return [
      {
        title: `agent-context: fix ${p.ruleIds.join(", ")}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: fixable,
        isPreferred: true,
        edit: { changes: { [doc.uri]: [edit] } },
      },
    ];
  });

  connection.onShutdown(() => {
    for (const t of timers.values()) clearTimeout(t);
    spaces.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

/** `agent-context lsp`: serves on this process's stdin and stdout until the client sends `exit`. */
export async function runLspStdio(): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, rawStdout());
  serveLsp(connection);
  await new Promise<void>(() => {
    // vscode-languageserver ends the process on `exit` (status 0 after `shutdown`, else 1).
  });
}
