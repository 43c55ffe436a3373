/**
 * Handler "router rules": the rows of the repository's router shards that fire for the call's target,
 * rendered with the on-read gaps found before it (./on-read.ts) into one bounded section
 * (src/router/route.ts, src/router/render.ts: at most `hook.maxRows` rows and `hook.maxBytes` bytes).
 */
import { withinDeadline } from "../../fs/deadline.js";
import { routeCall } from "../../router/route.js";
import { routerProblemLine } from "../../router/shard.js";
import type { HookHandler } from "../call.js";

/**
 * Routes the call; sets `state.route`, adds the injection (if any) as a section and its keys to
 * `state.deliveredNow`. Problems (a malformed shard or setting) go to stderr when the index was rebuilt
 * (a cached index has been reported before).
 */
export const routerRules: HookHandler = (call, state) => {
  // Under the hook's deadline (src/fs/deadline.ts): a DeadlineExceeded goes up to the chain, which fails open.
  const r = withinDeadline(() =>
    routeCall({
      root: call.root,
      target: call.routed,
      config: call.config,
      delivered: call.delivered,
      useCache: call.useCache,
      extras: state.extras,
    }),
  );
  state.route = r;
  if (!r.index.cached)
    for (const m of r.problems) state.stderr.push(`agent-context hook: ${routerProblemLine(m)}\n`);
  if (r.injection.text) state.sections.push(r.injection.text);
  state.deliveredNow.push(...r.injection.delivered);
};
