/**
 * The hostile-repository suite for `verify` (hostile-verify.suite.ts), the long tier's part: the combined
 * repositories of seeds 7 and 13 (a seeded half of the combinable rows each) on every installed agent, and
 * the live controls (each row, run directly under the agent it names, creates the marker). `npm test` runs
 * seed 1 (every row) and the rest of the suite: hostile-verify.test.ts.
 */
import { hostileVerifySuite } from "./hostile-verify.suite.js";

hostileVerifySuite({ seeds: [7, 13], rest: false, live: true });
