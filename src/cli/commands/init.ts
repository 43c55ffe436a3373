import type { Command } from "commander";
import { defaultAgent } from "../../agents/index.js";
import { runInit } from "../../app/init.js";
import { CONFIG_FILE } from "../../config.js";
import { UsageError } from "../../errors.js";
import { applyInit, SETTINGS_FILE, workflowSnippet } from "../../install/init.js";
import { type McpPlan, mcpConfigFiles, planMcpConfigs } from "../../mcp/init.js";
import { CHARGEABLE_KINDS, type ItemKind } from "../../model/index.js";
import { knownInstalledRelease } from "../installed.js";
import { agentVersionOption, dirArgument, resolvePlace } from "../options.js";

/**
 * Registers `agent-context init [DIR] [--dry-run]` (DIR as every command takes it: ../options.ts): writes `.agent-context.json` with the current launch total (at least the default cap) as the
 * cap, merges the routing hook into `.claude/settings.json`, prints the CI workflow snippet.
 * Exit 0 on success (also when nothing changed), 2 when a file is malformed (nothing written).
 */
export function registerInit(program: Command): void {
  const cmd = program
    .command("init")
    .description(
      "Start the cap at the current launch total (at least the default), install the routing hook, print the CI workflow",
    );
  agentVersionOption(dirArgument(cmd))
    .option("--dry-run", "show what would change without writing")
    .option(
      "--mcp",
      `also add the agent-context MCP server to the project MCP configuration of each agent that reads one (${mcpConfigFiles().join(", ")})`,
    )
    .option(
      "--adopt-kinds [kinds]",
      `charge the kinds an existing ${CONFIG_FILE} does not charge yet (comma-separated; default all: ${CHARGEABLE_KINDS.join(",")}) and raise each agent's cap by exactly their bytes`,
    )
    .action(
      async (
        dir: string | undefined,
        o: { dryRun?: boolean; agentVersion?: string; adoptKinds?: string | true; mcp?: boolean },
      ) => {
        const { root } = resolvePlace(dir, undefined);
        // The installed CLI's release is recorded (src/app/init.ts); none found: nothing said or recorded.
        const installed = o.agentVersion === undefined ? await knownInstalled(root) : undefined;
        // With --mcp, init's plan and .mcp.json's change are written together, all-or-nothing.
        const r = runInit({
          root,
          dryRun: o.dryRun === true || o.mcp === true,
          ...(o.agentVersion !== undefined ? { release: o.agentVersion } : {}),
          ...(installed !== undefined ? { installed } : {}),
          ...(o.adoptKinds === undefined ? {} : { adoptKinds: parseKinds(o.adoptKinds).kinds ?? true }),
        });
        const { release, launchTotal: total, hook } = r;
        const mcp = o.mcp ? planMcpConfigs(r.root) : undefined;
        const plan = mcp ? [...r.plan, ...mcp.items] : r.plan;
        if (mcp && !o.dryRun) applyInit(r.root, plan);
        if (release)
          process.stdout.write(
            `launch total: ${total} bytes as ${defaultAgent().name} ${release} loads it\n`,
          );
        for (const p of plan) {
          process.stdout.write(`${o.dryRun && p.action !== "unchanged" ? "(dry run) " : ""}${p.note}\n`);
          if (p.file === CONFIG_FILE && p.action === "create" && total > defaultAgent().defaultCap)
            process.stdout.write(
              `note: ${total} bytes is over the default cap of ${defaultAgent().defaultCap}; the ratchet starts at ${total} and only goes down from there\n`,
            );
          if (p.file === SETTINGS_FILE && p.action !== "unchanged" && !hook.portable)
            process.stdout.write(
              `note: the hook command names this machine's copy of agent-context (${hook.command}); install agent-context in the repository (npm i -D) and rerun init for a command teammates can share\n`,
            );
        }
        if (mcp) {
          for (const n of mcpNotes(mcp)) process.stdout.write(`${n}\n`);
        }
        process.stdout.write(
          `\nAdd this workflow to check the cap and lint on every pull request:\n\n${workflowSnippet()}`,
        );
      },
    );
}

/** The lines `init --mcp` adds: what each agent needs to start the server, a global copy's note, the agents skipped. */
function mcpNotes(mcp: McpPlan): string[] {
  const out: string[] = [];
  const needs = mcp.items.flatMap((i) => i.needs);
  if (needs.length > 0) out.push(`note: ${needs.join("; ")}`);
  if (mcp.items.some((i) => i.action !== "unchanged" && !i.portable))
    out.push(
      "note: the MCP server names this machine's copy of agent-context; install agent-context in the repository (npm i -D) and rerun init --mcp for a command teammates can share",
    );
  if (mcp.skipped.length > 0)
    out.push(
      `skipped ${mcp.skipped.join(", ")}: no project MCP configuration is read (docs/findings-mcp.md)`,
    );
  return out;
}

/** The installed default agent CLI's release when the model knows it; an unknown one is said on stderr. */
async function knownInstalled(root: string): Promise<string | undefined> {
  const found = await knownInstalledRelease(
    "init",
    defaultAgent(),
    root,
    "not recorded — run `agent-context verify --probes` to see which behaviours it has",
  );
  return found.release;
}

/** `--adopt-kinds` alone (every chargeable kind) or `--adopt-kinds skill,subagent`. Throws UsageError. */
function parseKinds(v: string | true): { kinds?: ItemKind[] } {
  if (v === true) return {};
  const kinds = v
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "");
  const bad = kinds.find((k) => !(CHARGEABLE_KINDS as readonly string[]).includes(k));
  if (bad !== undefined || kinds.length === 0)
    throw new UsageError(
      `--adopt-kinds ${v}: give kinds from ${CHARGEABLE_KINDS.join(", ")}, comma-separated (or none for all of them)`,
    );
  return { kinds: kinds as ItemKind[] };
}
