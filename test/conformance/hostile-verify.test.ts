/**
 * The hostile-repository suite for `verify` (hostile-verify.suite.ts) as `npm test` runs it: the combined
 * repository of seed 1 (every combinable row) on every installed agent, the refused rows on every agent they
 * concern, the copy's bound, the printing, the place verify runs in and a blind model. The long tier
 * (hostile-verify-long.test.ts) runs the combined repositories of further seeds (a seeded half of the rows
 * each) and the live controls (each row, run directly under the agent it names, creates the marker).
 */
import { hostileVerifySuite } from "./hostile-verify.suite.js";

hostileVerifySuite({ seeds: [1], rest: true, live: false });
