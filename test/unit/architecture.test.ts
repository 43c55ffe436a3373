/**
 * The room rules (DESIGN.md "Architecture (rooms)", docs/architecture.md), drawn from the imports of
 * src/ with the TypeScript compiler's own import scanner:
 * - data flows one way: a room imports only rooms of a lower rank in {@link RANK}, or a room of its own
 *   rank along a declared flow in {@link FLOWS};
 * - no loop between rooms;
 * - nothing outside src/agents/ imports an agent's folder (the registry, src/agents/index.ts, and the
 *   shared files beside it are the agents' public face).
 * Today's violations are listed in {@link KNOWN}, each with the step of issue 28 that removes it: the test
 * fails on any violation not listed, and on a listed one that is gone (delete its line: the list only
 * shrinks).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/**
 * The rank of each room (a folder under src/, or a file directly in it, named without `.ts`). A room may
 * import a lower rank. The order is DESIGN.md's: model ← primitives ← agents ← budget/router/hook/pointers/
 * lint ← app ← report ← cli. verify/ is ranked with the primitives: DESIGN.md makes it the offline
 * harness's primitives (sandbox, upstreams, process isolation) that the agents' runners import and that
 * import no agent (its command pipeline is src/app/verify.ts). install/ (init's planning of each write) sits
 * beside budget; init's pipeline, which measures the launch and the kinds it adopts, is src/app/init.ts.
 */
const RANK: Record<string, number> = {
  model: 0,
  errors: 0,
  version: 0,
  tokens: 0, // counts tokens; like model/ it imports nothing of the product (docs/architecture.md)
  fs: 1,
  markdown: 1,
  globs: 1,
  shell: 1,
  config: 1, // .agent-context.json: read with fs/
  verify: 1,
  agents: 2,
  budget: 3,
  router: 3,
  hook: 3,
  pointers: 3,
  lint: 3,
  install: 3,
  app: 4,
  report: 5,
  // The editor-side servers: each answers through one adapter (src/mcp/product.ts) to the pipelines.
  mcp: 5.5,
  lsp: 5.5,
  cli: 6,
  ci: 6, // the pull-request comment's entry
  index: 6, // the library's entry point
  schemas: 6, // the types of every --json output, for scripts/output-schemas.mjs
  types: 6, // re-exports model/ for library users
};

/** Imports allowed between rooms of one rank: the documented one-way flows inside a level. */
const FLOWS = new Set([
  // The primitives read files through fs/ (the one safe reader and walker).
  "markdown -> fs",
  "globs -> fs",
  "shell -> fs",
  "config -> fs",
  "verify -> fs",
  // agents/ → router/ → hook/ (test/unit/rooms-hook.test.ts); the hook's pointer handler plans with pointers/.
  "hook -> router",
  "hook -> pointers",
  // Lint's router rules read the router's shards and index.
  "lint -> router",
  // The language server answers through the MCP room's adapter to the pipelines (src/mcp/product.ts).
  "lsp -> mcp",
]);

/**
 * Today's violations, each `from file -> to file` with the step of issue 28 that removes it. Listing a new
 * violation here needs the same: the issue step that will remove it.
 */
const KNOWN: Record<string, string> = {};

/** Every .ts file under src/, relative to the project root (POSIX). */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `src/${f.split("\\").join("/")}`)
    .sort();
}

/** The relative imports of one file (static, `export ... from`, dynamic), as project-relative .ts paths. */
function importsOf(file: string): string[] {
  const root = resolve(SRC, "..");
  const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
  return info.importedFiles
    .map((i) => i.fileName)
    .filter((s) => s.startsWith("."))
    .map((s) =>
      relative(root, resolve(root, dirname(file), s))
        .split("\\")
        .join("/")
        .replace(/\.js$/, ".ts"),
    );
}

/** The room of a file: its folder under src/, or its own name for a file directly in src/. */
function roomOf(file: string): string {
  const parts = file.split("/").slice(1);
  return parts.length === 1 ? (parts[0] as string).replace(/\.ts$/, "") : (parts[0] as string);
}

/** The agent folder a file lies in (`src/agents/codex`), or undefined. */
function agentFolderOf(file: string): string | undefined {
  const m = /^src\/agents\/([^/]+)\//.exec(file);
  return m ? `src/agents/${m[1]}` : undefined;
}

const edges = sourceFiles().flatMap((from) => importsOf(from).map((to) => ({ from, to })));

/** What is wrong with one import, or undefined. */
function violation(from: string, to: string): string | undefined {
  const a = roomOf(from);
  const b = roomOf(to);
  if (agentFolderOf(to) && !from.startsWith("src/agents/")) return `names an agent's folder`;
  if (a === b) return undefined;
  const ra = RANK[a];
  const rb = RANK[b];
  if (ra === undefined || rb === undefined) return `room ${ra === undefined ? a : b} has no rank`;
  if (rb > ra) return `upward: ${a} (${ra}) imports ${b} (${rb})`;
  if (rb === ra && !FLOWS.has(`${a} -> ${b}`)) return `sideways: ${a} imports ${b}, a room of its rank`;
  return undefined;
}

/** The loops of the room graph: its strongly connected components with more than one room (Tarjan). */
function roomLoops(): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)?.add(b);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort();
}

describe("the rooms of src/ hold", () => {
  it("the_import_scanner_sees_the_imports_it_must_see", () => {
    // The rules below are only as good as the edges: a dynamic import and a re-export are edges too.
    expect(importsOf("src/cli/program.ts")).toContain("src/cli/commands/cap.ts");
    expect(importsOf("src/index.ts")).toContain("src/app/cap.ts");
    expect(edges.length).toBeGreaterThan(500);
  });

  it("every_room_has_a_rank", () => {
    const rooms = [...new Set(sourceFiles().map(roomOf))].sort();
    expect(rooms.filter((r) => RANK[r] === undefined)).toEqual([]);
  });

  it("no_import_goes_up_sideways_or_into_an_agent_folder_beyond_the_known_ones", () => {
    const found = edges
      .map(({ from, to }) => ({ key: `${from} -> ${to}`, why: violation(from, to) }))
      .filter((v) => v.why !== undefined);
    const fresh = found.filter((v) => KNOWN[v.key] === undefined).map((v) => `${v.key}: ${v.why}`);
    expect(fresh, "new violations of the room rules (see the top of this file)").toEqual([]);
    const gone = Object.keys(KNOWN).filter((k) => !found.some((v) => v.key === k));
    expect(gone, "known violations that are gone: delete their lines from KNOWN").toEqual([]);
  });

  it("the_rooms_form_no_loop_beyond_the_known_ones", () => {
    // The last two (agents <-> verify through verify's pipeline, config <-> fs through the root search)
    // closed when the pipelines moved to src/app/ (issue 28 step 1).
    expect(roomLoops()).toEqual([]);
  });
});
