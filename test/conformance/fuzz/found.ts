/**
 * Cases the differential test found where the model disagreed with the pinned Claude Code CLI, shrunk and
 * pinned (test/conformance/claude-fuzz.test.ts runs them): the CLI must still load exactly `expect` at
 * launch and attach exactly `expectReads[i]` after read i, and the model must agree with it byte for byte.
 * Each names its seed (`npm run conformance:fuzz -- --seed RUN --from INDEX --cases 1 --release R`
 * regenerates the unshrunk case) and what the model got wrong. Findings: docs/findings-fuzz.md.
 */
import type { FuzzCase } from "./generate.js";

export interface FuzzFoundCase extends Omit<FuzzCase, "links" | "env"> {
  /** A sentence, as the test names it. */
  name: string;
  links?: Record<string, string>;
  /** Root-relative paths the CLI loads at launch, in order. */
  expect: string[];
  /** Per read, the root-relative paths the CLI attaches, in order. */
  expectReads: string[][];
}

/** The case as the harness runs it. */
export function foundAsCase(c: FuzzFoundCase): FuzzCase {
  return {
    seed: c.seed,
    release: c.release,
    cwd: c.cwd,
    home: c.home,
    git: c.git,
    files: c.files,
    links: c.links ?? {},
    env: {},
    reads: c.reads,
  };
}

export const FUZZ_FOUND_CASES: FuzzFoundCase[] = [];
