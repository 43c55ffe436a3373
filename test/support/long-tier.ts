/**
 * The long conformance suites: live runs of the pinned agent CLIs that take minutes each (hundreds of
 * launches). They form the `long` tier (vitest.config.ts), run by `npm run test:long` and not by `npm test`,
 * which keeps each agent's own live conformance (launch sets, on-read attachment, verify, the hook) and
 * finishes in the time of docs/testing.md. When a run leaves them out, this setup says so at its start and
 * after its summary, naming the files and the command that runs them.
 */
import type { TestProject } from "vitest/node";

/**
 * The files of the long tier, left out of the tier of their folder (test/conformance/: conformance).
 */
export const LONG = [
  "test/conformance/sources-cli.test.ts",
  "test/conformance/limits-cli.test.ts",
  "test/conformance/claude-edges.test.ts",
  "test/conformance/codex-edges.test.ts",
  "test/conformance/copilot-user-layer.test.ts",
  "test/conformance/gemini-user-layer.test.ts",
  "test/conformance/claude-fuzz-long.test.ts",
  "test/conformance/codex-fuzz-long.test.ts",
  "test/conformance/gemini-fuzz-long.test.ts",
  "test/conformance/claude-release-boundaries-long.test.ts",
  "test/conformance/copilot-fuzz-long.test.ts",
  "test/conformance/claude-launch-long.test.ts",
  "test/conformance/copilot-cli-long.test.ts",
  "test/conformance/claude-layers-long.test.ts",
  "test/conformance/claude-onread-long.test.ts",
];

export function longNotice(): string {
  return `agent-context: NOT RUN here: the long conformance tier (${LONG.length} files: ${LONG.map((f) => f.replace("test/", "")).join(", ")}); run it with \`npm run test:long\` (docs/testing.md)`;
}

/** Vitest global setup (conformance and slow tiers): the notice, when the long tier is not part of this run. */
export default function setup(project: TestProject): (() => void) | undefined {
  if (project.vitest.projects.some((p) => p.name === "long")) return undefined;
  console.warn(longNotice());
  return () => console.warn(longNotice());
}
