import type { Command } from "commander";
import { pointersJson, runPointers } from "../../app/pointers.js";
import { releaseLine } from "../../app/release.js";
import { UsageError } from "../../errors.js";

function collect(v: string, acc: string[]): string[] {
  return [...acc, v];
}

/** Registers `agent-context pointers` (see src/pointers/index.ts). */
export function registerPointers(program: Command): void {
  program
    .command("pointers")
    .description(
      "write pointer rules into a Claude config dir for scoped rules and nested memory the CLI would not load",
    )
    .option("--config-dir <dir>", "the harness's CLAUDE_CONFIG_DIR (pointers go to its rules/)")
    .option("--cwd <dir>", "directory Claude Code runs in, relative to the current directory", process.cwd())
    .option("--add-dir <dir>", "a directory passed to Claude Code with --add-dir (repeatable)", collect, [])
    .option("--preloaded-budget <bytes>", "bytes of memory the harness preloads", "0")
    .option("--prefix <name>", "pointer file prefix", "repository")
    .option("--no-project-settings", "the CLI runs without project settings (--setting-sources user)")
    .option("--dry-run", "compute and report; write nothing")
    .option(
      "--agent-version <release>",
      "the Claude Code release the harness runs (default: the release that --cwd's .agent-context.json pins for it, else the newest verified)",
    )
    .option("--json", "print JSON")
    .action(async (o) => {
      if (!o.configDir)
        throw new UsageError("pointers: --config-dir DIR is required (the harness's CLAUDE_CONFIG_DIR)");
      if (!/^\d+$/.test(String(o.preloadedBudget))) {
        throw new UsageError(
          `--preloaded-budget must be a whole number of bytes, got ${JSON.stringify(o.preloadedBudget)}`,
        );
      }
      const r = runPointers({
        ...(o.agentVersion !== undefined ? { release: o.agentVersion } : {}),
        configDir: o.configDir,
        cwd: o.cwd,
        addDirs: o.addDir,
        preloadedBudget: Number(o.preloadedBudget),
        prefix: o.prefix,
        dryRun: Boolean(o.dryRun),
        projectSettings: o.projectSettings !== false,
      });
      if (o.json) {
        process.stdout.write(`${JSON.stringify(pointersJson(r), null, 2)}\n`);
        return;
      }
      const verb = o.dryRun ? "would write" : "wrote";
      process.stdout.write(
        `${verb} ${r.pointers.length} pointer(s), ${r.totalBytes} bytes, to ${r.rulesDir}` +
          ` (${r.written.length} changed, ${r.unchanged.length} unchanged, ${r.removed.length} stale removed)` +
          ` for ${releaseLine({ id: r.agentId, name: r.agentName }, r.modelled)}\n`,
      );
      for (const p of r.pointers) {
        process.stdout.write(`  ${p.file}  [${p.route}] ${p.kind} ${p.target}  ${p.globs.join(" ")}\n`);
      }
      if (r.pointers.some((p) => p.route === "hook")) {
        process.stdout.write(
          "  hook-route pointers need a PreToolUse hook for Read in the config dir's settings.json: node <agent-context>/dist/hook.cjs (the hook agent-context init installs; it serves pointers of any prefix)\n",
        );
      }
      // A warning (a bound that cut, a file left alone) reads as one; what is merely left out is a notice.
      for (const n of r.notices)
        process.stderr.write(`${n.severity === "info" ? "notice" : n.severity}: ${n.file}: ${n.message}\n`);
    });
}
