/** Renderers for `route --json` and `route --map`. */
import { schemaUrl } from "../version.js";
import type { RouterIndex } from "./index-build.js";
import type { RouteResult } from "./route.js";
import { type RouterProblemKind, routerProblemLine } from "./shard.js";

type Match = RouteResult["matches"][number];

/** `route --json`. See {@link routeJson}. */
export interface RouteJson {
  /** The schema of this output. */
  $schema?: string;
  root: string;
  /**
   * The hook agent's release modelled for what it attaches itself (src/app/release.ts): the release, why
   * it is the one (`--agent-version`, `configured`, `default`) and how the model knows it.
   */
  release?: { version: string; why: string; basis: "verified" | "release-ranges" };
  tool: string | null;
  target: string | null;
  paths: string[];
  rows: {
    shard: string;
    line: number;
    trigger: string;
    mode: Match["mode"];
    matched: Match["matched"];
    rules: string[];
    dir: string | null;
    listed: boolean;
  }[];
  rules: { id: string; dir: string | null; file: string | null; fileBytes: number; inlined: boolean }[];
  onRead: { path: string; why: string; fileBytes: number }[];
  droppedRows: number;
  unlowerable: string[];
  injection: string;
  /** Each problem as printed (`file[:line]: message`). */
  problems: string[];
  /** The same problems, structured: what (`kind`), where (`file`, `line`), and the message without the place. */
  problemDetails: { kind: RouterProblemKind; file: string; line?: number; message: string }[];
}

/**
 * The `route --json` object: `{ root, tool, target, paths, rows: [{shard, line, trigger, mode, matched,
 * rules, dir, listed}], rules: [{id, file, fileBytes, inlined}], onRead: [{path, why}], droppedRows,
 * unlowerable, injection, problems }`. `rows` holds every matching row (also those past the row cap, with
 * `listed: false`); `injection` is exactly what the hook injects in a fresh session.
 */
export function routeJson(
  r: RouteResult & { release?: { release: string; why: string; basis: "verified" | "release-ranges" } },
): RouteJson {
  const listed = new Set(r.injection.rows.map((x) => x.match.row));
  const rules = r.injection.rows.flatMap((x) =>
    x.rules.map((rule) => ({
      id: rule.id,
      dir: rule.dir,
      file: rule.file,
      fileBytes: rule.fileBytes,
      inlined: r.injection.inlined.includes(rule.id),
    })),
  );
  return {
    $schema: schemaUrl("route"),
    root: r.index.root,
    ...(r.release
      ? { release: { version: r.release.release, why: r.release.why, basis: r.release.basis } }
      : {}),
    tool: r.target?.tool ?? null,
    target: r.target?.display ?? null,
    paths: r.target?.paths ?? [],
    rows: r.matches.map((m) => ({
      shard: m.row.shard,
      line: m.row.line,
      trigger: m.trigger,
      mode: m.mode,
      matched: m.matched,
      rules: m.row.rules,
      dir: m.row.dir,
      listed: listed.has(m.row),
    })),
    rules,
    onRead: r.injection.extras.map((e) => ({ path: e.path, why: e.why, fileBytes: e.fileBytes })),
    droppedRows: r.injection.droppedRows,
    unlowerable: r.unlowerable,
    injection: r.injection.text,
    problems: r.problems.map(routerProblemLine),
    problemDetails: r.problems.map((p) => ({
      kind: p.kind,
      file: p.file,
      ...(p.line !== undefined ? { line: p.line } : {}),
      message: p.message,
    })),
  };
}

/**
 * The small always-loaded table for CLAUDE.md: one heading line, then one line per shard:
 * `- <domain> → \`<shard path>\` (<rows> rows, <rules> rules)`.
 */
export function renderMap(idx: RouterIndex): string {
  if (idx.shards.length === 0) return "";
  const lines = [
    "Rule routers: the agent-context hook injects the rules of these shards when a tool touches a matching target; read a shard to see a domain's triggers.",
  ];
  for (const s of idx.shards) lines.push(`- ${s.domain} → \`${s.path}\` (${s.rows} rows, ${s.rules} rules)`);
  return `${lines.join("\n")}\n`;
}
