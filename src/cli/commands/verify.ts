import { resolve } from "node:path";
import type { Command } from "commander";
import { agentById, defaultAgent } from "../../agents/index.js";
import { chargedTotal } from "../../app/cap.js";
import {
  VERIFY_DEFAULT_TIMEOUT_MS,
  verifyAll,
  verifyJson,
  verifyProbes,
  verifyRepository,
} from "../../app/verify.js";
import { UsageError } from "../../errors.js";
import { renderProbesText, renderVerifyAllText, renderVerifyText } from "../../report/verify.js";
import {
  agentOption,
  agentVersionOption,
  cwdOption,
  dirArgument,
  jsonOption,
  resolvePlace,
} from "../options.js";

/**
 * Registers `agent-context verify [DIR] [--cwd DIR] [--agent ID] [--cli PATH] [--read FILE]... [--probes]
 * [--agent-version R] [--save-case DIR] [--env K=V]... [--agent-arg ARG]... [--timeout S] [--json]`: runs the user's installed agent CLI
 * offline, isolated, on an allowlist copy of the repository's instruction files in a private place and
 * compares what it delivers with the model, file by file and byte for byte (src/app/verify.ts;
 * docs/security.md says what it may read, write, run and connect to). Exit 0 when they agree, 1 when they
 * differ, the copy was incomplete or the CLI tried to reach beyond the machine, 2 for usage, a refused
 * path or place, or a CLI that cannot be run. JSON: the {@link VerifyReport} (or ProbesReport) as is.
 * `--agent all` runs every agent whose CLI is on PATH, one after another ({@link VerifyAllReport}): exit 1
 * when one disagrees, else 2 when none is found or a found one cannot be run, else 0; an agent whose CLI
 * is not found is listed as such, not counted as a failure.
 */
export function registerVerify(program: Command): void {
  const cmd = program
    .command("verify")
    .description(
      "Run your installed agent CLI offline on this repository and check that the model agrees with it",
    );
  dirArgument(cmd);
  cwdOption(cmd);
  agentVersionOption(agentOption(cmd, { all: true }));
  cmd
    .option("--cli <path>", "the agent executable to run (default: found on PATH)")
    .option(
      "--read <file>",
      "also script a Read of FILE (relative to the current directory) and compare what the CLI attaches; repeatable",
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option(
      "--env <K=V>",
      "set a variable on the agent CLI and apply it to the model (only those the agent's model reads); repeatable",
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option(
      "--agent-arg <arg>",
      "pass an argument to the agent CLI and apply it to the model (only those the agent's model reads); repeatable",
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option("--probes", "run the bundled behaviour probes on this CLI release instead of the repository")
    .option(
      "--save-case <dir>",
      "write the run's instruction files (nothing else) to DIR, to report a disagreement",
    )
    .option("--timeout <seconds>", `time one CLI run may take (default ${VERIFY_DEFAULT_TIMEOUT_MS / 1000})`);
  jsonOption(cmd).action(
    async (
      dir: string | undefined,
      opts: {
        cwd?: string;
        agent?: string;
        agentVersion?: string;
        cli?: string;
        read: string[];
        env: string[];
        agentArg: string[];
        probes?: boolean;
        saveCase?: string;
        timeout?: string;
        json?: boolean;
      },
    ) => {
      let timeoutMs = VERIFY_DEFAULT_TIMEOUT_MS;
      if (opts.timeout !== undefined) {
        const s = Number(opts.timeout);
        if (!Number.isFinite(s) || s <= 0)
          throw new UsageError(`--timeout ${opts.timeout}: give a number of seconds above 0`);
        timeoutMs = Math.round(s * 1000);
      }
      if (opts.agent === "all") {
        const given = [
          opts.cli !== undefined && "--cli",
          opts.agentVersion !== undefined && "--agent-version",
          opts.read.length > 0 && "--read",
          opts.saveCase !== undefined && "--save-case",
          opts.env.length > 0 && "--env",
          opts.agentArg.length > 0 && "--agent-arg",
        ].filter((x): x is string => typeof x === "string");
        if (given.length > 0)
          throw new UsageError(
            `--agent all runs each agent's CLI found on PATH: it takes no ${given.join(", ")}`,
          );
        if (opts.probes && (dir !== undefined || opts.cwd !== undefined))
          throw new UsageError("--probes runs the bundled probes: it takes no DIR or --cwd");
        const place = opts.probes ? { root: process.cwd(), cwd: process.cwd() } : resolvePlace(dir, opts.cwd);
        const r = await verifyAll({
          ...place,
          timeoutMs,
          ...(opts.probes ? { probes: true } : {}),
          charged: (a, snapshot) => chargedTotal(place.root, a, snapshot),
        });
        process.stdout.write(
          opts.json ? `${JSON.stringify(verifyJson(r), null, 2)}\n` : renderVerifyAllText(r),
        );
        const found = r.agents.some((e) => e.status === "verified");
        const disagrees = r.agents.some((e) => e.status === "verified" && !e.report.agrees);
        process.exitCode = disagrees ? 1 : !found || r.agents.some((e) => e.status === "error") ? 2 : 0;
        return;
      }
      const agent = opts.agent ? agentById(opts.agent) : defaultAgent();
      const common = {
        agent,
        timeoutMs,
        ...(opts.cli !== undefined ? { cli: opts.cli } : {}),
        ...(opts.agentVersion !== undefined ? { agentVersion: opts.agentVersion } : {}),
      };
      if (opts.probes) {
        if (
          opts.read.length > 0 ||
          opts.saveCase !== undefined ||
          dir !== undefined ||
          opts.cwd !== undefined ||
          opts.env.length > 0 ||
          opts.agentArg.length > 0
        )
          throw new UsageError(
            "--probes runs the bundled probes: it takes no DIR, --cwd, --read, --save-case, --env or --agent-arg",
          );
        const r = await verifyProbes(common);
        process.stdout.write(opts.json ? `${JSON.stringify(verifyJson(r), null, 2)}\n` : renderProbesText(r));
        process.exitCode = r.agrees ? 0 : 1;
        return;
      }
      const { root, cwd } = resolvePlace(dir, opts.cwd);
      const r = await verifyRepository({
        ...common,
        root,
        cwd,
        reads: opts.read.map((f) => resolve(f)),
        ...(opts.env.length > 0 ? { env: parseEnv(opts.env) } : {}),
        ...(opts.agentArg.length > 0 ? { agentArgs: opts.agentArg } : {}),
        ...(opts.saveCase !== undefined ? { saveCase: resolve(opts.saveCase) } : {}),
        charged: (a, snapshot) => chargedTotal(root, a, snapshot),
      });
      process.stdout.write(opts.json ? `${JSON.stringify(verifyJson(r), null, 2)}\n` : renderVerifyText(r));
      process.exitCode = r.agrees ? 0 : 1;
    },
  );
}

/** `--env K=V` values as a record (a later K wins). @throws UsageError for one without `=` or with a bad name */
function parseEnv(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kv of list) {
    const eq = kv.indexOf("=");
    const name = eq < 0 ? kv : kv.slice(0, eq);
    if (eq < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw new UsageError(`--env ${kv}: give NAME=VALUE (a variable name, then =)`);
    out[name] = kv.slice(eq + 1);
  }
  return out;
}
