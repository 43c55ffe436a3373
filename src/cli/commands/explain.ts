import { resolve } from "node:path";
import type { Command } from "commander";
import { claudeOnRead } from "../../agents/claude-code/on-read.js";
import { whyCharged } from "../../budget/evaluate.js";
import { runCap } from "../../budget/run.js";
import { loadConfig } from "../../config.js";
import { explainText, onToolItems } from "../../router/explain.js";
import { findRoot } from "../../router/root.js";
import { itemToJson } from "../../types.js";
import { sessionCwd } from "./route.js";

/**
 * Registers `agent-context explain PATH [--cwd DIR] [--json]`: everything that reaches Claude Code for PATH
 * and why — the launch set (as `cap` charges it), what the CLI attaches when it reads PATH, and what the
 * agent-context hook adds on a Write to PATH. JSON: `{ "launch": [items], "onRead": [items], "onTool": [items] }`
 * with the item records of `cap --json`.
 */
export function registerExplain(program: Command): void {
  program
    .command("explain")
    .description(
      "Show everything that reaches Claude Code for a path, and why: launch, on read, on a tool call",
    )
    .argument("<path>", "file path, relative to the current directory (like any CLI argument)")
    .option("--cwd <dir>", "working directory of the session (default: the current directory)")
    .option("--json", "print {launch, onRead, onTool} as JSON")
    .action((path: string, opts: { cwd?: string; json?: boolean }) => {
      const cwd = sessionCwd(opts.cwd);
      const root = findRoot(cwd);
      const { config } = loadConfig(root);
      // Relative to the process's directory, as `route` takes it (not to --cwd).
      const target = resolve(path);
      const launch = runCap({ dir: root, cwd, env: {} }).items.map((i) =>
        i.charged ? { ...i, reason: whyCharged(i, { unlowerable: config.unlowerable }) } : i,
      );
      const onRead = claudeOnRead({
        root,
        cwd,
        target,
        alreadyLoaded: launch.map((i) => resolve(root, i.path)),
      }).items;
      const onTool = onToolItems(root, cwd, target, config);
      if (opts.json) {
        const out = {
          launch: launch.map(itemToJson),
          onRead: onRead.map(itemToJson),
          onTool: onTool.map(itemToJson),
        };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      process.stdout.write(explainText({ launch, onRead, onTool }, path));
    });
}
