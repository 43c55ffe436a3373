/**
 * Vitest global setup: when ../shared/corpus (or $AGENT_CONTEXT_CORPUS) is absent, says so plainly at the
 * start of the run and again after the summary, naming the missing path (the corpus tests skip themselves).
 */
import { corpusNotice, corpusPresent } from "../../scripts/corpus.mjs";

/** Set once the notice is out: every tier's setup names the file, and a run of all tiers says it once. */
const SAID = Symbol.for("agent-context.corpus-notice");

export default function setup(): (() => void) | undefined {
  const g = globalThis as { [SAID]?: boolean };
  if (corpusPresent() || g[SAID]) return undefined;
  g[SAID] = true;
  console.warn(corpusNotice());
  return () => console.warn(corpusNotice());
}
