import { resolve } from "node:path";
import type { Command } from "commander";
import { CONFIG_FILE, DEFAULT_CLAUDE_CAP } from "../../config.js";
import { UsageError } from "../../errors.js";
import { statSafe } from "../../fs/read.js";
import {
  applyInit,
  chooseHookCommand,
  planInit,
  SETTINGS_FILE,
  workflowSnippet,
} from "../../install/init.js";
import { launchTotal } from "../../install/launch-total.js";

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
      const total = launchTotal(root);
      const hook = chooseHookCommand(root);
      const plan = planInit({ root, launchTotal: total, command: hook.command, known: hook.known });
      if (!o.dryRun) applyInit(root, plan);
      for (const p of plan) {
        process.stdout.write(`${o.dryRun && p.action !== "unchanged" ? "(dry run) " : ""}${p.note}\n`);
        if (p.file === CONFIG_FILE && p.action === "create" && total > DEFAULT_CLAUDE_CAP)
          process.stdout.write(
            `note: ${total} bytes is over the default cap of ${DEFAULT_CLAUDE_CAP}; the ratchet starts at ${total} and only goes down from there\n`,
          );
        if (p.file === SETTINGS_FILE && p.action !== "unchanged" && !hook.portable)
          process.stdout.write(
            `note: the hook command names this machine's copy of agent-context (${hook.command}); install agent-context in the repository (npm i -D) and rerun init for a command teammates can share\n`,
          );
      }
      process.stdout.write(
        `\nAdd this workflow to check the cap and lint on every pull request:\n\n${workflowSnippet()}`,
      );
    });
}
