/**
 * Vitest global setup of the tiers that run the built CLI (e2e, conformance, slow): rebuilds dist/ when a
 * source is newer than it (scripts/build-if-stale.mjs; a check of modification times when it is fresh, so
 * `npm test`, which has just built, pays nothing), so running one e2e file after an edit tests the edit.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export default function setup(): void {
  const root = join(import.meta.dirname, "../..");
  const r = spawnSync(process.execPath, [join(root, "scripts/build-if-stale.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("the build failed (see above): the tests of dist/ cannot run");
}
