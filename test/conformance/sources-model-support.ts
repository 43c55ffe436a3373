/**
 * Lays out a recorded sources case (test/conformance/sources.fixtures.ts) on disk as sources-cli.test.ts's
 * runner does (repository with `git init`, files beside it, links, HOME with `<R>` and `SHA256:<rel>`
 * filled in), for the in-process model tests (codex-, copilot- and gemini-sources-model.test.ts), and reads a
 * snapshot's entries per list back out of its items (`extra.list`, `extra.entry`).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Snapshot } from "../../src/model/index.js";
import { tempDir, writeLayout } from "../support/codex-layout.js";
import { LIST_SEPARATOR, type ListId, type SourceAgent, type SourcesCase } from "./sources.fixtures.js";

export interface Laid {
  repo: string;
  home: string;
}

const created: string[] = [];

/** Removes every directory {@link layOut} made. */
export function removeLaidOut(): void {
  for (const d of created.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Writes a case's repository and HOME files; real paths. */
export function layOut(c: SourcesCase): Laid {
  const base = realpathSync(tempDir("ac-srcmodel-"));
  created.push(base);
  const repo = join(base, c.repoDir ?? "repo");
  const home = join(base, "home");
  mkdirSync(repo, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeLayout(repo, {
    ...(c.git === false ? {} : { ".git": { git: true } }),
    ...c.files,
    ...Object.fromEntries(Object.entries(c.links ?? {}).map(([k, v]) => [k, { link: v }])),
  });
  const homeText = (v: string): string =>
    v.replaceAll("<R>", repo).replace(/SHA256:([^"\s]+)/g, (_, rel: string) =>
      createHash("sha256")
        .update(readFileSync(join(repo, rel)))
        .digest("hex"),
    );
  if (c.home) writeLayout(home, Object.fromEntries(Object.entries(c.home).map(([k, v]) => [k, homeText(v)])));
  return { repo, home };
}

/** `<R>` and `<H>` for this machine's paths. */
export function placeholders(t: string, laid: Laid): string {
  return t.split(laid.repo).join("<R>").split(laid.home).join("<H>");
}

/**
 * The model's entries per list (`agent.extra.list`), in item order, after checking each listed item: its
 * bytes are its entry plus the list's separator (and Copilot's enum text) and its text in the snapshot is the entry.
 */
export function modelLists(
  s: Snapshot,
  agent: SourceAgent,
  check: (ok: boolean, what: string) => void,
): Partial<Record<ListId, string[]>> {
  const out: Partial<Record<ListId, string[]>> = {};
  for (const i of s.items) {
    const entry = i.extra?.entry;
    if (i.extra?.list === undefined || typeof entry !== "string") continue;
    const list = `${agent}.${String(i.extra.list)}` as ListId;
    const sep = LIST_SEPARATOR[list] ?? "\n";
    // Copilot's custom agents: the name in the task tool's enum too (`,"NAME"`).
    const more = typeof i.extra.enum === "string" ? Buffer.byteLength(i.extra.enum) : 0;
    check(
      i.bytes === Buffer.byteLength(entry) + Buffer.byteLength(sep) + more,
      `${i.path}: bytes ${i.bytes} = entry + separator`,
    );
    check(s.texts.get(i.path) === entry, `${i.path}: the entry is the item's text`);
    out[list] = [...(out[list] ?? []), entry];
  }
  return out;
}
