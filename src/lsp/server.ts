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
  type CodeActionParams,
  type CodeLens,
  type CodeLensParams,
  type Connection,
  createConnection,
  type DefinitionParams,
  type Diagnostic,
  DiagnosticSeverity,
  type Hover,
  type HoverParams,
  type InitializeParams,
  type InitializeResult,
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
import { type Workspace, WorkspaceSet } from "./workspace.js";

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
    const tokens = f.tokens ? ` (${f.tokens.shown} tokens, ${f.tokens.label})` : "";
    lines.push(`- ${f.agentName}: ${how}, ${fmt(f.bytes)} bytes${tokens}, ${charged}${imports}`);
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

/** What every handler reads: the connection, the open documents, the workspaces. */
interface Served {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  spaces: WorkspaceSet;
}

/** The path of a `file:` URI, or null. */
function pathOf(uri: string): string | null {
  if (!uri.startsWith("file:")) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

/** An open document with its path, its workspace and its path from the root; null when one is missing. */
function opened(
  s: Served,
  uri: string,
): { doc: TextDocument; path: string; space: Workspace; rel: string } | null {
  const doc = s.documents.get(uri);
  const path = pathOf(uri);
  const space = path ? s.spaces.forFile(path) : undefined;
  const rel = path && space ? space.relative(path) : null;
  return doc && path && space && rel ? { doc, path, space, rel } : null;
}

/** The diagnostics of one document, from the unsaved text of every open document of its workspace. */
function publish(s: Served, doc: TextDocument): void {
  const at = opened(s, doc.uri);
  if (!at) return;
  let diagnostics: Diagnostic[] = [];
  try {
    const unsaved = new Map<string, string>();
    for (const d of s.documents.all()) {
      const p = pathOf(d.uri);
      const rel = p ? at.space.relative(p) : null;
      if (rel) unsaved.set(rel, d.getText());
    }
    diagnostics = at.space
      .findings(unsaved)
      .filter((f) => f.file === at.rel)
      .map(toDiagnostic);
  } catch (e) {
    s.connection.console.error(`agent-context lsp: ${(e as Error).message}`);
  }
  void s.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
}

/** Publishes on open, on change (debounced) and after the disk changes; returns what stops the timers. */
function syncDiagnostics(s: Served): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const schedule = (doc: TextDocument, ms: number) => {
    clearTimeout(timers.get(doc.uri));
    const run = () => {
      timers.delete(doc.uri);
      const current = s.documents.get(doc.uri);
      if (current) publish(s, current);
    };
    timers.set(doc.uri, setTimeout(run, ms));
  };
  const refresh = (uris: readonly string[]) => {
    for (const uri of uris) {
      const p = pathOf(uri);
      if (p) s.spaces.forFile(p)?.refresh();
    }
    for (const d of s.documents.all()) schedule(d, 0);
  };
  s.documents.onDidOpen((e) => schedule(e.document, 0));
  // An edit can change another open file's findings (an importer of the edited file): republish them all.
  s.documents.onDidChangeContent((e) => {
    const p = pathOf(e.document.uri);
    const space = p ? s.spaces.forFile(p) : undefined;
    for (const d of s.documents.all()) {
      const q = pathOf(d.uri);
      if (d.uri === e.document.uri || (space && q && s.spaces.forFile(q) === space)) schedule(d, 150);
    }
  });
  s.documents.onDidSave((e) => refresh([e.document.uri]));
  s.documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    void s.connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  s.connection.onDidChangeWatchedFiles((e) => refresh(e.changes.map((c) => c.uri)));
  return () => {
    for (const t of timers.values()) clearTimeout(t);
  };
}

/** `initialize`: the editor's folders become roots; the capabilities. */
function initialize(s: Served, params: InitializeParams): InitializeResult {
  for (const f of params.workspaceFolders ?? []) {
    const p = pathOf(f.uri);
    if (p) s.spaces.addFolder(p);
  }
  const rootPath = params.rootUri ? pathOf(params.rootUri) : null;
  if (rootPath && (params.workspaceFolders ?? []).length === 0) s.spaces.addFolder(rootPath);
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
}

/** Hover: on an `@import`, where each agent resolves it; on the first line or the frontmatter, the file. */
async function hover(s: Served, params: HoverParams): Promise<Hover | null> {
  const at = opened(s, params.textDocument.uri);
  if (!at) return null;
  const { space, rel } = at;
  const text = at.doc.getText();
  const { line, character } = params.position;
  const hit = importsAt(at.path, text, line + 1, character + 1, space.root);
  if (hit) {
    const rows = hit.agents.map((a) => {
      if (a.target === null) return `- ${a.agentName}: not followed (${a.agentName} does not read @imports)`;
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
  return { contents: { kind: MarkupKind.Markdown, value: fileHover(rel, await space.facts(rel)) } };
}

/** Go to definition on an `@import`: the existing files inside the repository the agents resolve it to. */
function definition(s: Served, params: DefinitionParams): Location[] | null {
  const at = opened(s, params.textDocument.uri);
  if (!at) return null;
  const { line, character } = params.position;
  const hit = importsAt(at.path, at.doc.getText(), line + 1, character + 1, at.space.root);
  if (!hit) return null;
  const found = hit.agents.filter((a) => a.target && a.exists && a.inside).map((a) => a.target as string);
  const zero = { line: 0, character: 0 };
  return [...new Set(found)].map((t) => ({ uri: pathToFileURL(t).href, range: { start: zero, end: zero } }));
}

/** Code lenses on a scope key: how many files each agent's matcher matches. */
function codeLenses(s: Served, params: CodeLensParams): CodeLens[] {
  const at = opened(s, params.textDocument.uri);
  if (!at) return [];
  const text = at.doc.getText();
  const { keyLine } = frontmatter(text);
  if (keyLine < 0) return [];
  const range = { start: { line: keyLine, character: 0 }, end: { line: keyLine, character: 0 } };
  return scopeCounts(text, at.space.root, at.space.files(), at.space.root).map((c) => ({
    range,
    command: {
      title: `${c.agentName}: ${c.matches === 0 ? "matches no file (dead)" : `matches ${fmt(c.matches)} file${c.matches === 1 ? "" : "s"}`}`,
      command: "",
    },
  }));
}

/** Quick fixes: the fix `lint --fix` would make to the unsaved text, as an edit. */
function quickFixes(s: Served, params: CodeActionParams): CodeAction[] {
  const at = opened(s, params.textDocument.uri);
  if (!at) return [];
  const fixable = params.context.diagnostics.filter(
    (d) => (d.data as { fixable?: boolean } | undefined)?.fixable,
  );
  if (fixable.length === 0) return [];
  const p = proposeFix(at.space.root, at.rel, at.doc.getText());
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
      edit: { changes: { [at.doc.uri]: [edit] } },
    },
  ];
}

/** Wires the server's handlers onto `connection` (stdio in the command; any stream pair in tests). */
export function serveLsp(connection: Connection): () => void {
  const s: Served = { connection, documents: new TextDocuments(TextDocument), spaces: new WorkspaceSet() };
  const stopTimers = syncDiagnostics(s);
  connection.onInitialize((params) => initialize(s, params));
  connection.onHover((params) => hover(s, params));
  connection.onDefinition((params) => definition(s, params));
  connection.onCodeLens((params) => codeLenses(s, params));
  connection.onCodeAction((params) => quickFixes(s, params));
  connection.onShutdown(() => {
    stopTimers();
    s.spaces.dispose();
  });
  s.documents.listen(connection);
  connection.listen();
  return () => s.spaces.dispose();
}

/** `agent-context lsp`: serves on this process's stdin and stdout until the client sends `exit`. */
export async function runLspStdio(): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, rawStdout());
  // The shadows are removed on `shutdown`, and when the process ends without one (stdin closed).
  process.once("exit", serveLsp(connection));
  await new Promise<void>(() => {
    // vscode-languageserver ends the process on `exit` (status 0 after `shutdown`, else 1).
  });
}
