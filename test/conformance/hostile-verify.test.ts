/**
 * The hostile-repository suite for `verify` (hostile-verify.suite.ts) as `npm test` runs it: the combined
 * repository of seed 1 (every combinable row) on every installed agent, and every other part (refused rows,
 * the copy's bound, printing, the place verify runs in, a blind model, the live controls). The long tier
 * (hostile-verify-long.test.ts) runs the combined repositories of further seeds (a seeded half of the rows
 * each).
 */
import { hostileVerifySuite } from "./hostile-verify.suite.js";

hostileVerifySuite({ seeds: [1], rest: true });
