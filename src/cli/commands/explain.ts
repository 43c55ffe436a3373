import { resolve } from "node:path";
import type { Command } from "commander";
import { agentById, agents, defaultAgent } from "../../agents/index.js";
import { whyCharged } from "../../budget/evaluate.js";
import { runCap } from "../../budget/run.js";
import { loadConfig } from "../../config.js";
import { UsageError } from "../../errors.js";
import { itemToJson } from "../../model/index.js";
import { renderExplainText } from "../../report/explain.js";
import { onToolItems } from "../../router/explain.js";
import { findRoot } from "../../router/root.js";
import { sessionCwd } from "./route.js";

/**
 * Registers `agent-context explain PATH [--cwd DIR] [--agent ID] [--json]`: everything that reaches the
 * agent for PATH and why — the launch set (as `cap` charges it), what the agent attaches when it reads
 * PATH, and what the agent-context hook adds on a Write to PATH. JSON: `{ agent, agentVersion, root, cwd,
 * launch: [items], onRead: [items], onTool: [items] }`, the header and item records of `cap --json`.
 */
export function registerExplain(program: Command): void {
  program
    .command("explain")
    .description("Show everything that reaches an agent for a path, and why: launch, on read, on a tool call")
    .argument("<path>", "file path, relative to the current directory (like any CLI argument)")
    .option("--cwd <dir>", "working directory of the session (default: the current directory)")
    .option(
      "--agent <agent>",
      `${agents()
        .map((a) => a.id)
        .join(", ")} (default ${defaultAgent().id})`,
    )
    .option("--json", "print {agent, agentVersion, root, cwd, launch, onRead, onTool} as JSON")
    .action((path: string, opts: { cwd?: string; agent?: string; json?: boolean }) => {
      if (opts.agent === "all")
        throw new UsageError("explain answers for one agent: give --agent ID, not all");
      const agent = opts.agent === undefined ? defaultAgent() : agentById(opts.agent);
      const cwd = sessionCwd(opts.cwd);
      const root = findRoot(cwd);
      const { config } = loadConfig(root);
      // Relative to the process's directory, as `route` takes it (not to --cwd).
      const target = resolve(path);
      const run = runCap({ dir: root, cwd, env: {}, agent: agent.id });
      const launch = run.items.map((i) =>
        i.charged ? { ...i, reason: whyCharged(i, { unlowerable: config.unlowerable }) } : i,
      );
      const session = agent.onDemand?.(run.snapshot);
      const onRead = session ? session.read(target).items : [];
      const hasHook = agent.capabilities?.hook !== undefined;
      const onTool = hasHook ? onToolItems(root, cwd, target, config) : [];
      if (opts.json) {
        const out = {
          agent: agent.id,
          agentVersion: run.agentVersion,
          root: run.root,
          cwd: run.cwd,
          launch: launch.map(itemToJson),
          onRead: onRead.map(itemToJson),
          onTool: onTool.map(itemToJson),
        };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      process.stdout.write(
        renderExplainText(
          { agentName: agent.name, launch, onRead, onTool, hasOnRead: session !== undefined, hasHook },
          path,
        ),
      );
    });
}
