/**
 * The one place lint reads Claude Code's facts: its launch snapshot and on-demand session (the agent
 * interface) and how it reads instruction text (its `instructions` capability), and the router's
 * deliveries. Lint never re-derives what these produce.
 */
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { LineCounter, parseDocument, visit } from "yaml";
import { loadConfig } from "../config.js";
import { inside } from "../fs/paths.js";
import { parseFrontmatter } from "../markdown/index.js";
import type { AgentModel, ContextItem, RuleRecord, Snapshot } from "../model/index.js";
import { DEFAULT_ROUTERS, loadIndex } from "../router/index-build.js";
import { resolveRule, ruleLookup } from "../router/render.js";

/** An `@import` token as Claude Code reads it, with its 1-based place in the file. */
export interface ImportToken {
  /** The path it names (fragment cut), as written after `@`. */
  target: string;
  line: number;
  /** Column of the `@` (UTF-16 code units). */
  column: number;
}

/** A file's frontmatter as the claude-code model parses it. */
export interface FrontmatterInfo {
  /** True when the file starts with a frontmatter block Claude Code recognises. */
  present: boolean;
  /** The YAML text between the fences ("" when absent). */
  raw: string;
  /** 1-based line of the opening fence in the file. */
  startLine: number;
  /** The YAML error (after Claude Code's lenient retry), with its 1-based line/column in `raw`, or null. */
  error: { message: string; line: number; column: number } | null;
}

/** The facts of the claude-code model that lint reads (never re-derived). */
export interface ClaudeFacts {
  /** The claude-code launch snapshot at the root (items, import edges, classified rules). */
  launch(): Snapshot;
  rules(): RuleRecord[];
  frontmatter(text: string): FrontmatterInfo;
  classifyText(text: string): { scoped: boolean; globs: string[] };
  scanImports(text: string): ImportToken[];
  resolveImport(fromAbs: string, target: string): string;
  /** Whether Claude Code expands `@imports` in this launch item. */
  expandsImports(item: ContextItem): boolean;
  /** Import hops Claude Code follows from a memory file. */
  hopLimit: number;
  /** Root-relative paths of rule files a router row delivers. */
  routedFiles(): Set<string>;
  /**
   * Absolute paths of the files Claude Code attaches when, right after the launch, a tool reads `target`
   * (absolute): the on-read model's answer, in a fresh session.
   */
  attachedOnRead(target: string): string[];
}

/**
 * The Claude Code facts for a repository, from `agent` (the claude-code model, verified on Claude Code
 * 2.1.332); null when the agent does not declare how it reads instruction text.
 * @param snapshot the agent's launch snapshot at `root` (the lint context shares its own), taken once on
 *   first use
 */
export function claudeFacts(root: string, agent: AgentModel, snapshot: () => Snapshot): ClaudeFacts | null {
  const reading = agent.capabilities?.instructions;
  if (!reading) return null;
  let launch: Snapshot | undefined;
  let rules: RuleRecord[] | undefined;
  let routed: Set<string> | undefined;
  const snap = () => {
    launch ??= snapshot();
    return launch;
  };
  return {
    launch: snap,
    rules: () => {
      // The rules as the launch loader classified them, each once (a rule whose link leaves the working
      // directory never loads and carries no classification: rule-link-escapes reports it).
      const { cwd } = snap();
      rules ??= snap().rules.filter((r) => r.realPath === r.absPath || inside(cwd, r.realPath));
      return rules;
    },
    frontmatter: (text) => {
      const fm = parseFrontmatter(text);
      let error: FrontmatterInfo["error"] = null;
      if (fm.error) {
        // The place within the YAML, from the same parser (the model gives the line only): a syntax
        // error's position, else the first alias (a plain `*`), which only fails when resolved.
        const lc = new LineCounter();
        const doc = parseDocument(fm.raw, { lineCounter: lc });
        let pos = doc.errors[0]?.linePos?.[0];
        if (!pos) {
          visit(doc, {
            Alias(_k, node) {
              if (node.range) pos = lc.linePos(node.range[0]);
              return visit.BREAK;
            },
          });
        }
        error = {
          message: fm.error.message,
          line: pos?.line ?? (fm.error.line ?? 2) - 1,
          column: pos?.col ?? 1,
        };
      }
      return { present: fm.present, raw: fm.raw, startLine: 1, error };
    },
    classifyText: (text) => reading.ruleScope(text),
    scanImports: (text) =>
      reading.imports(text).map((i) => ({ target: i.path, line: i.line, column: i.column })),
    resolveImport: (fromAbs, target) => reading.resolveImport(target, fromAbs, homedir()),
    expandsImports: () => true,
    attachedOnRead: (target) => {
      const launched = snap();
      const r = agent.onDemand?.(launched).read(target);
      return (r?.items ?? []).map((i) => (isAbsolute(i.path) ? i.path : join(launched.root, i.path)));
    },
    hopLimit: reading.importHops,
    routedFiles: () => {
      if (!routed) {
        routed = new Set();
        const config = loadConfig(root).config;
        const index = loadIndex(root, config.routers ?? DEFAULT_ROUTERS, { useCache: false });
        const cache = ruleLookup(root);
        for (const row of index.rows)
          for (const id of row.rules) {
            const f = resolveRule(root, id, row.dir, cache).file;
            if (f) routed.add(f);
          }
      }
      return routed;
    },
  };
}
