import { resolve } from "node:path";
import type { Command } from "commander";
import { UsageError } from "../../errors.js";
import { itemToJson } from "../../model/index.js";
import { renderExplainText } from "../../report/explain.js";
import { explainPath } from "../../router/explain.js";
import {
  agentOption,
  agentVersionOption,
  cwdOption,
  dirArgument,
  jsonOption,
  resolvePlace,
} from "../options.js";

/**
 * Registers `agent-context explain PATH [DIR] [--cwd DIR] [--agent ID] [--json]`: everything that reaches
 * the agent for PATH and why — the launch set (as `cap` charges it), what the agent attaches when it reads
 * PATH, and what the agent-context hook adds on a Write to PATH. DIR and --cwd as every command takes them
 * (../options.ts); PATH is relative to the current directory. JSON: `{ agent, agentVersion, root, cwd,
 * launch: [items], onRead: [items], onTool: [items] }`, the header and item records of `cap --json`.
 */
export function registerExplain(program: Command): void {
  const cmd = program
    .command("explain")
    .description("Show everything that reaches an agent for a path, and why: launch, on read, on a tool call")
    .argument("<path>", "file path, relative to the current directory (like any CLI argument)");
  dirArgument(cmd);
  cwdOption(cmd);
  agentVersionOption(agentOption(cmd, { all: false }));
  jsonOption(cmd, "print {agent, agentVersion, root, cwd, launch, onRead, onTool} as JSON").action(
    (
      path: string,
      dir: string | undefined,
      opts: { cwd?: string; agent?: string; agentVersion?: string; json?: boolean },
    ) => {
      if (opts.agent === "all")
        throw new UsageError("explain answers for one agent: give --agent ID, not all");
      const { root, cwd } = resolvePlace(dir, opts.cwd);
      const sets = explainPath({
        root,
        cwd,
        target: resolve(path),
        ...(opts.agent ? { agent: opts.agent } : {}),
        ...(opts.agentVersion ? { release: opts.agentVersion } : {}),
      });
      if (!opts.json) {
        process.stdout.write(renderExplainText({ ...sets, agentName: sets.agent.name }, path));
        return;
      }
      const json = {
        agent: sets.agent.id,
        agentVersion: sets.agent.version,
        root: sets.root,
        cwd: sets.cwd,
        launch: sets.launch.map(itemToJson),
        onRead: sets.onRead.map(itemToJson),
        onTool: sets.onTool.map(itemToJson),
      };
      process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    },
  );
}
