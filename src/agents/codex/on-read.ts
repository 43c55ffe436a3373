/**
 * Codex's on-demand part: none. The model makes no claim about what Codex adds to the context when a tool
 * reads a file: the conformance suite runs `codex debug prompt-input`, which prints the launch prompt only,
 * so no on-read case has been settled against the pinned CLI (docs/findings-codex.md). The AgentModel
 * therefore has no `onDemand` (`explain` lists Codex's launch only, `report` lists no nested memory for it)
 * and its verify runner does not take `--read`. A settled on-read behaviour goes here, as
 * `codexOnDemand(snapshot)`, and into index.ts as `onDemand`.
 */
export {};
