import { resolve } from "node:path";
import type { Command } from "commander";
import { UsageError } from "../../errors.js";
import { statSafe } from "../../fs/read.js";
import { applyInit, planInit, workflowSnippet } from "../../lint/init.js";
import { launchTotal } from "../../lint/sources.js";

/**
 * Registers `agent-context init [DIR]`: writes `.agent-context.json` with the current launch total as the
 * cap, merges the routing hook into `.claude/settings.json`, prints the CI workflow snippet.
 * Exit 0 on success (also when nothing changed), 2 when a file is malformed (nothing written).
 */
export function registerInit(program: Command): void {
  program
    .command("init")
    .description("Start the cap at the current launch total, install the routing hook, print the CI workflow")
    .argument("[dir]", "repository root", ".")
    .option("--dry-run", "show what would change without writing")
    .action((dir: string, o: { dryRun?: boolean }) => {
      const root = resolve(dir);
      if (!statSafe(root)?.isDirectory()) throw new UsageError(`${dir}: not a directory`);
      const plan = planInit({ root, launchTotal: launchTotal(root) });
      if (!o.dryRun) applyInit(root, plan);
      for (const p of plan)
        process.stdout.write(`${o.dryRun && p.action !== "unchanged" ? "(dry run) " : ""}${p.note}\n`);
      process.stdout.write(
        `\nAdd this workflow to check the cap and lint on every pull request:\n\n${workflowSnippet()}`,
      );
    });
}
