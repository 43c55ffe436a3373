/**
 * Vitest global setup: when ../shared/corpus (or $AGENT_CONTEXT_CORPUS) is absent, says so plainly at the
 * start of the run and again after the summary, naming the missing path (the corpus tests skip themselves).
 */
import { corpusNotice, corpusPresent } from "../../scripts/corpus.mjs";

export default function setup(): (() => void) | undefined {
  if (corpusPresent()) return undefined;
  console.warn(corpusNotice());
  return () => console.warn(corpusNotice());
}
