/**
 * Handler "on-read gaps": the repository's own scoped rules (`.claude/rules/**` with `paths:`) and nested
 * CLAUDE.md, matched exactly as Claude Code matches them on Read (the hook agent's on-read model, the
 * module its hook capability names, src/agents/hook.ts: no second matcher here).
 *
 * Claude Code 2.1.332 attaches these itself after Read, Write, Edit and plain-read Bash commands
 * (`claudeAttachTargets`; docs/findings-hook.md §5); older releases after fewer tools (Write and Edit from
 * 2.1.288, plain-read Bash from 2.1.293: docs/findings-claude-release-ranges.md). The hook models the
 * release of the call ({@link HookCall.release}, else `agents.claude-code.release` of the configuration,
 * which `init` records from the installed CLI, else the newest verified) and delivers them only for the path
 * targets that release does not cover — paths named in other Bash commands (`cp`, `touch`, `sed -i`,
 * redirects, pipelines, `git add` …), and on older releases `cat F` or a Write — and records what the CLI
 * attaches itself in the session state, so it never repeats it. Keys are `file:<absolute path>`. The router handler (./router.ts) renders what this finds.
 *
 * Cheap to import: the on-read model (YAML, gitignore matching) loads only when a stat pre-check (the hook
 * capability's `onReadMarkers`) finds a `.claude/rules/` directory or nested memory that could apply.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { HOOK_AGENT } from "../../agents/hook.js";
import { checkDeadline, withinDeadline } from "../../fs/deadline.js";
import { joinPath } from "../../fs/paths.js";
import type { HookOnRead } from "../../model/agent.js";
import type { ExtraDelivery } from "../../router/render.js";
import type { HookHandler } from "../call.js";
import { importDist } from "../dist-module.js";
import { armWatchdog } from "../watchdog.js";

const { launchLevel, nested } = HOOK_AGENT.hook.onReadMarkers;

/**
 * True when nothing on disk could make the hook's agent attach anything for these targets (stat calls only).
 * @param cwd the call's working directory, absolute
 * @param absTargets the call's paths, absolute
 */
export function nothingToAttach(cwd: string, absTargets: string[]): boolean {
  for (let d = cwd; ; d = dirname(d)) {
    for (const n of launchLevel) if (existsSync(joinPath(d, n))) return false;
    if (dirname(d) === d) break;
  }
  for (const t of absTargets) {
    checkDeadline();
    const rel = relative(cwd, dirname(t));
    if (rel === "" || rel.startsWith("..")) continue;
    let d = cwd;
    for (const seg of rel.split(/[\\/]/)) {
      d = joinPath(d, seg);
      // A directory that does not exist holds no memory, nor does anything below it: stop here, so a
      // target of 10,000 made-up segments costs one stat, not 40,000 (and no quadratic path joining).
      if (!existsSync(d)) break;
      for (const n of nested) if (existsSync(joinPath(d, n))) return false;
    }
  }
  return true;
}

/** Adds the on-read gaps of the call to `state.extras` and what the CLI attaches itself to `state.cliKeys`. */
export const onReadGaps: HookHandler = async (call, state) => {
  try {
    const { root, cwd, tool, input, routed } = call;
    const release = call.release ?? call.config.agents?.[HOOK_AGENT.id]?.release;
    if (!routed) return;
    const abs = routed.paths.map((p) => resolve(root, p));
    if (abs.length === 0 || nothingToAttach(cwd, abs)) return;
    armWatchdog(call.env);
    const { hookOnRead } = (await importDist(HOOK_AGENT.hook.onReadModule)) as { hookOnRead: HookOnRead };
    // Under the hook's deadline (src/fs/deadline.ts): the on-read model parses rules (CommonMark, YAML),
    // steps that have no loop of ours to check, so V8's execution timeout interrupts them.
    withinDeadline(() => {
      // A release the model does not know throws here: fail open (no gaps), as for any other error.
      const cli = hookOnRead.attachTargets(tool, input, cwd, release);
      const cliSet = new Set(cli);
      const session = hookOnRead.session(root, cwd, release);
      const cliKeys: string[] = [];
      // What the CLI attaches for this call depends on the tool (the AGENTS.md plugin acts on Read only).
      const how = { tool, whole: input.offset === undefined && input.limit === undefined };
      for (const t of cli) {
        for (const it of session.read(t, how).items) cliKeys.push(`file:${resolve(root, it.path)}`);
      }
      const extras: ExtraDelivery[] = [];
      let anyPath: ReturnType<HookOnRead["session"]> | undefined;
      const delivered = new Set<string>();
      const command = typeof input.command === "string";
      for (const t of abs) {
        checkDeadline();
        if (cliSet.has(t)) continue;
        // A command naming a directory (`grep -rn X pkg/`, `find pkg/`, `ls pkg/sub`): Claude Code attaches
        // nothing for it (docs/findings-hook.md, "Bash commands on a directory"), and neither does the hook.
        if (command && statSync(t, { throwIfNoEntry: false })?.isDirectory()) continue;
        // A path that does not exist yet (a new file's Write): releases before 2.1.199 attach nothing on a
        // Read of it, but what applies to it is what any later release attaches: ask the newest verified.
        let from = session;
        if (!existsSync(t)) {
          anyPath ??= hookOnRead.session(root, cwd);
          from = anyPath;
        }
        const r = from.read(t);
        for (const it of r.items) {
          const key = `file:${resolve(root, it.path)}`;
          // The newest release's session for a missing path does not know what `session` already gave.
          if (delivered.has(key)) continue;
          delivered.add(key);
          extras.push({
            key,
            path: it.path,
            kind: it.kind,
            why: `${it.reason}; Claude Code${release !== undefined ? ` ${release}` : ""} would not attach it for this ${tool} call`,
            text: r.texts.get(it.path) ?? "",
            fileBytes: it.fileBytes,
          });
        }
      }
      state.extras.push(...extras);
      state.cliKeys.push(...cliKeys);
    });
  } catch {
    // fail open: no on-read gaps
  }
};
