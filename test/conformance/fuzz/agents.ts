/**
 * The agents the differential test runs, behind one small interface: each brings its generator of random
 * repositories, its harness around the pinned real CLI and its model, and its pinned found cases. The
 * PRNG (./prng.ts), the runner (./run.ts `checkCase`), the shrinker (./shrink.ts) and the campaign
 * (./campaign.ts) are shared. `npm run conformance:fuzz -- --agent NAME` picks one (default claude-code).
 */
import { copilotAgent } from "./copilot.js";
import type { FuzzFoundCase } from "./found.js";
import { geminiAgent } from "./gemini.js";
import type { FuzzCase } from "./generate.js";
import { claudeAgent, type Observation, type Written } from "./run.js";

/** One agent as the differential test drives it. */
export interface FuzzAgent {
  /** The agent's id (`--agent`), as the product's registry names it. */
  name: "claude-code" | "gemini-cli" | "copilot-cli";
  /** Display name in summaries. */
  title: string;
  /** The releases pinned in test/agents/package.json that a case may run (the first is the main pin). */
  releases(): string[];
  /** The release the model answers for a case run on `release` (its own when it knows it). */
  modelRelease(release: string): string;
  /** The case for `seed`, deterministic; `release` fixes the release, else one of `releases` is drawn. */
  generate(seed: string, opts: { releases: readonly string[]; release?: string }): FuzzCase;
  /** Runs the pinned CLI on a written case; throws when the CLI did not play the whole script. */
  observeCli(c: FuzzCase, w: Written): Promise<Observation>;
  /** Runs the model on the same written case (synchronous). */
  observeModel(c: FuzzCase, w: Written): Observation;
  /** The shrunk cases found so far, pinned (each agent's found-*.ts). */
  found: readonly FuzzFoundCase[];
}

/** Every fuzzed agent by name. */
export const FUZZ_AGENTS: Record<FuzzAgent["name"], FuzzAgent> = {
  "claude-code": claudeAgent,
  "gemini-cli": geminiAgent,
  "copilot-cli": copilotAgent,
};
