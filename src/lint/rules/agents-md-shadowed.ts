/**
 * `agents-md-shadowed`: AGENTS files Claude Code never reads although they are in the repository.
 * - At launch: where any CLAUDE file (`CLAUDE.md`, `.claude/CLAUDE.md`, `CLAUDE.local.md`) gives text at
 *   any level of the launch, Claude Code loads no `AGENTS.md` / `.claude/AGENTS.md` at all (its default
 *   `claude-md-or-agents-md` mode). Read from the launch snapshot's `skipped` records, as the loader decided.
 * - On read: a nested `AGENTS.md` (or `.claude/AGENTS.md`) below the working directory is added after a
 *   Read below its directory by 2.1.332's AGENTS.md plugin, but only in a project with no CLAUDE file at
 *   the working directory or above, and not where its own directory has a CLAUDE file; otherwise it never
 *   arrives. Decided by the on-read model (a Read of a file in that directory, right after the launch).
 * An AGENTS file whose text arrives anyway (imported by a CLAUDE file, or the target of a CLAUDE.md link)
 * is not reported. Settled on Claude Code
 * 2.1.332: docs/findings-claude-agents-md.md (`a_claude_md_hides_agents_md` and the cases after it;
 * `a_nested_agents_md_is_not_added_on_read_in_a_claude_md_project`,
 * `a_nested_claude_md_importing_its_agents_md_attaches_both_on_read` in test/conformance/claude-onread.test.ts).
 */
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { inside } from "../../fs/paths.js";
import { safeRealpath } from "../../fs/read.js";
import { finding, type LintRule } from "../rule.js";

const AGENTS_FILE = /(^|\/)(\.claude\/)?AGENTS\.md$/;
/** Memory files and what lies under `.claude/`: not a plain file to probe a read with (a read of a memory file does not attach it). */
const MEMORY_OR_CONFIG = /(^|\/)(AGENTS\.md|CLAUDE\.md|CLAUDE\.local\.md)$|(^|\/)\.claude\//;

const rule: LintRule = {
  meta: {
    id: "agents-md-shadowed",
    description:
      "An AGENTS.md Claude Code never reads: hidden by a CLAUDE file at launch, or nested where no read adds it",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const facts = ctx.claude();
    if (!facts) return [];
    const launch = facts.launch();
    const abs = (p: string) => (isAbsolute(p) ? p : join(ctx.root, p));
    // By real path: a CLAUDE.md that is a link to AGENTS.md (a common layout) delivers its text.
    const real = (p: string) => safeRealpath(p) ?? p;
    // Computed only when an AGENTS file is there to look up (a realpath per launch item is not free).
    let loadedSet: Set<string> | undefined;
    const loaded = {
      has: (p: string) => {
        loadedSet ??= new Set(launch.items.map((i) => real(abs(i.path))));
        return loadedSet.has(p);
      },
    };
    const out = [];
    const atLaunch = new Set<string>();
    for (const s of launch.skipped ?? []) {
      atLaunch.add(s.absPath);
      if (!inside(ctx.root, s.absPath) || loaded.has(real(s.absPath))) continue;
      const hider = s.hiddenBy ?? "CLAUDE.md";
      const importPath = relative(dirname(abs(hider)), s.absPath)
        .split("\\")
        .join("/");
      out.push(
        finding(
          rule.meta,
          s.path,
          1,
          1,
          `${s.path} is not loaded by Claude Code: ${hider} gives instructions, and then Claude Code loads no AGENTS file at any level`,
          `if Claude Code should read it too, import it from ${hider} (\`@${importPath}\`); if ${hider} replaces it for Claude Code, this warning can be ignored`,
        ),
      );
    }
    // Nested AGENTS files: below the working directory (the root); reported unless a Read of a file in
    // their directory brings them (the AGENTS.md plugin of 2.1.332, or an import of a nested CLAUDE file).
    // Only the repository's own: an AGENTS file reached through a link out of it (a rules folder linking
    // to /) is no nested file of this repository, and asking the on-read model about each one cost a walk
    // of the link's target per file (lint on a link to / ran for minutes).
    const files = ctx.files();
    const realRoot = ctx.root; // the context's root is its real path
    const candidates = new Set(
      [...files, ...ctx.memoryEntries().map((e) => e.rel)].filter(
        (f) => AGENTS_FILE.test(f) && inside(realRoot, real(join(ctx.root, f))),
      ),
    );
    for (const rel of [...candidates].sort()) {
      const file = join(ctx.root, rel);
      const dir = memoryDir(file);
      if (dir === ctx.root || atLaunch.has(file) || loaded.has(real(file))) continue;
      // The plugin acts on a Read of an existing file: probe with one in the directory, when there is one.
      const dirPrefix = `${relative(ctx.root, dir).split("\\").join("/")}/`;
      const sample = files.find((f) => f.startsWith(dirPrefix) && !MEMORY_OR_CONFIG.test(f));
      const probe = sample ? join(ctx.root, sample) : join(dir, "__agent_context_probe__");
      if (facts.attachedOnRead(probe).map(real).includes(real(file))) continue;
      const dirRel = relative(ctx.root, dir).split("\\").join("/");
      const importPath = relative(dir, file).split("\\").join("/");
      const claudeMd = `${dirRel}/CLAUDE.md`;
      const hasClaudeMd = ctx.files().includes(claudeMd);
      out.push(
        finding(
          rule.meta,
          rel,
          1,
          1,
          `${rel} never reaches Claude Code: it does not load at launch (it lies below the working directory) and Claude Code adds no nested AGENTS file when a file under ${dirRel}/ is read here (a CLAUDE file in the project or in ${dirRel}/ stops it)`,
          hasClaudeMd
            ? `add the line \`@${importPath}\` to ${claudeMd}: Claude Code attaches a nested CLAUDE.md on read, with its imports`
            : `add ${claudeMd} holding the line \`@${importPath}\`: Claude Code attaches a nested CLAUDE.md on read, with its imports`,
        ),
      );
    }
    return out;
  },
};

/** The directory an AGENTS file applies to: the one holding it, or holding its `.claude/`. */
function memoryDir(file: string): string {
  const d = dirname(file);
  return basename(d) === ".claude" ? dirname(d) : d;
}

export default rule;
