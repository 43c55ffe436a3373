/**
 * The agents the differential test runs, behind one small interface: each brings its generator of random
 * repositories, its harness around the pinned real CLI and its model, and its pinned found cases. The
 * PRNG (./prng.ts), the runner (./run.ts `checkCase`), the shrinker (./shrink.ts) and the campaign
 * (./campaign.ts) are shared. `npm run conformance:fuzz -- --agent ID` picks one by its registry id
 * (default claude-code). Which agents exist, their ids and names, is the product's registry's answer
 * (src/agents/index.ts): each fuzz agent carries its registered model.
 */
import { agents } from "../../../src/agents/index.js";
import type { AgentModel } from "../../../src/model/index.js";
import { codexAgent } from "./codex.js";
import { copilotAgent } from "./copilot.js";
import type { FuzzFoundCase } from "./found.js";
import { geminiAgent } from "./gemini.js";
import type { FuzzCase } from "./generate.js";
import { claudeAgent, type Observation, type Written } from "./run.js";

/** One agent as the differential test drives it. */
export interface FuzzAgent {
  /** The product's model of the agent, as registered: its `id` is `--agent`, its `name` titles summaries. */
  model: AgentModel;
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

/** The agents the differential test can drive (one generator and harness each). */
const FUZZERS: readonly FuzzAgent[] = [claudeAgent, codexAgent, geminiAgent, copilotAgent];

/** Every registered agent the differential test drives, in the registry's order. */
export function fuzzAgents(): FuzzAgent[] {
  return agents().flatMap((model) => FUZZERS.filter((f) => f.model === model));
}

/** The fuzz agent of the registered agent with this id, or undefined. */
export function fuzzAgent(id: string): FuzzAgent | undefined {
  return fuzzAgents().find((f) => f.model.id === id);
}
