#!/usr/bin/env node
// Prints the table of docs/corpus.md: `agent-context cap` (library, built) on every repository
// in ../shared/corpus, measured as in git (stored-as-text symlinks restored) and as stored.
// Usage: npm run build && node scripts/corpus-table.mjs
import { join } from "node:path";
import { CORPUS_DIR, corpusRepos, materialize, PROJECT_ROOT } from "./corpus.mjs";

const { runCap } = await import(join(PROJECT_ROOT, "dist/app/cap.js"));

const rows = [];
let version = "";
for (const name of corpusRepos()) {
  const m = materialize(name);
  try {
    const r = runCap({ dir: m.dir, env: {} });
    const stored = runCap({ dir: join(CORPUS_DIR, name), env: {} });
    version = r.agentVersion;
    const ev = r.evaluation;
    const charged = r.items.filter((i) => i.charged).length;
    const uncharged = r.items.length - charged;
    rows.push(
      `| ${name.replace("__", "/")} | ${charged}${uncharged ? ` (+${uncharged} not charged)` : ""} | ${ev.total.toLocaleString("en")} | ${ev.ok ? "clean" : `${ev.over.toLocaleString("en")} over`} | ${ev.contributors[0] ? `\`${ev.contributors[0].item.path}\` ${ev.contributors[0].bytes.toLocaleString("en")}` : "—"} | ${stored.evaluation.total.toLocaleString("en")} |`,
    );
  } finally {
    m.cleanup();
  }
}
console.log(
  `Claude Code launch context at the repository root, cap 4096 (model verified on Claude Code ${version}):`,
);
console.log("");
console.log(
  "| Repository | Files charged | Charged bytes | Against 4096 | Largest contributor | Charged bytes, symlinks as stored text |",
);
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
