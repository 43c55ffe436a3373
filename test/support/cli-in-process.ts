/**
 * Runs the agent-context command line in this process (src/cli/program.ts) and collects what it writes,
 * for tests that register something at run time (an agent) that a spawned CLI would not see.
 */
import { runCli } from "../../src/cli/program.js";

/** Runs `agent-context ...args`; returns its exit status and what it wrote to stdout and stderr. */
export async function cliInProcess(
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((s: string) => out.push(String(s)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => err.push(String(s)) > 0) as typeof process.stderr.write;
  try {
    const status = await runCli(["node", "agent-context", ...args]);
    return { status, stdout: out.join(""), stderr: err.join("") };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    process.exitCode = 0;
  }
}
