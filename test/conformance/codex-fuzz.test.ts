/**
 * The differential test against the pinned Codex CLI (test/conformance/fuzz/codex.ts): generated
 * repositories and user layers (the AGENTS.md chain with odd files and links, skills in `.codex/skills` and
 * `.agents/skills` nested, linked and hidden, CODEX_HOME set/unset/empty, config.toml, a profile, `-c`,
 * `-C`) run through `codex debug prompt-input` and the codex model in the user view: the AGENTS.md message
 * byte for byte and the skills entries in order; then the cases found so far (fuzz/found-codex.ts). A
 * Codex case takes about a second. The 300-case campaign: codex-fuzz-long.test.ts (long tier).
 */
import { codexAgent } from "./fuzz/codex.js";
import { fuzzSuite } from "./fuzz/suite.js";

fuzzSuite(codexAgent, { seed: "cx", cases: 24, concurrency: 2, shrinkBudget: 20 });
