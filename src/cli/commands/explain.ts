import { resolve } from "node:path";
import type { Command } from "commander";
import { explainPath, explainText } from "../../router/explain.js";
import { itemToJson } from "../../types.js";
import { cwdOption, dirArgument, jsonOption, resolvePlace } from "../options.js";

/**
 * Registers `agent-context explain PATH [DIR] [--cwd DIR] [--json]`: everything that reaches Claude Code
 * for PATH and why — the launch set (as `cap` charges it), what the CLI attaches when it reads PATH, and
 * what the agent-context hook adds on a Write to PATH. DIR and --cwd as every command takes them
 * (../options.ts); PATH is relative to the current directory. JSON:
 * `{ "launch": [items], "onRead": [items], "onTool": [items] }` with the item records of `cap --json`.
 */
export function registerExplain(program: Command): void {
  const cmd = program
    .command("explain")
    .description(
      "Show everything that reaches Claude Code for a path, and why: launch, on read, on a tool call",
    )
    .argument("<path>", "file path, relative to the current directory (like any CLI argument)");
  dirArgument(cmd);
  cwdOption(cmd);
  jsonOption(cmd, "print {launch, onRead, onTool} as JSON").action(
    (path: string, dir: string | undefined, opts: { cwd?: string; json?: boolean }) => {
      const { root, cwd } = resolvePlace(dir, opts.cwd);
      const sets = explainPath({ root, cwd, target: resolve(path) });
      if (!opts.json) {
        process.stdout.write(explainText(sets, path));
        return;
      }
      const json = {
        launch: sets.launch.map(itemToJson),
        onRead: sets.onRead.map(itemToJson),
        onTool: sets.onTool.map(itemToJson),
      };
      process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    },
  );
}
