/**
 * `router-dead-trigger`: a router trigger that matches no file of the repository. Shards, rows and the
 * compiled trigger regexes come from the router (src/router); matching uses its own run semantics.
 * Command patterns (triggers with whitespace, word mode only) are not file triggers and are not checked.
 * The shard is read only to place the finding on the trigger's column.
 */
import { join } from "node:path";
import { readTextFile } from "../../fs/read.js";
import { compileRunSource, shownTrigger, unusableTriggerReason } from "../../globs/trigger.js";
import type { Finding } from "../../model/finding.js";
import { DEFAULT_ROUTERS, loadIndex } from "../../router/index-build.js";
import { finding, type LintRule } from "../rule.js";

const rule: LintRule = {
  meta: {
    id: "router-dead-trigger",
    description: "A router trigger matches no file in the repository, so its row never fires for a file",
    defaultSeverity: "warning",
    agents: ["claude-code"],
  },
  check(ctx) {
    const index = loadIndex(ctx.root, ctx.config.routers ?? DEFAULT_ROUTERS, { useCache: false });
    if (index.rows.length === 0) return [];
    const files = ctx.files();
    const out: Finding[] = [];
    const shardLines = new Map<string, string[]>();
    const linesOf = (shard: string) => {
      let l = shardLines.get(shard);
      if (!l) {
        const r = readTextFile(join(ctx.root, shard));
        l = r.ok ? r.text.replace(/^\uFEFF/, "").split(/\r?\n/) : [];
        shardLines.set(shard, l);
      }
      return l;
    };
    for (const row of index.rows) {
      row.triggers.forEach((trigger, i) => {
        const lineText = linesOf(row.shard)[row.line - 1] ?? "";
        const at = lineText.indexOf(`\`${trigger}\``);
        // A trigger that cannot be compiled (too long, or refused by V8) never fires: said here, once,
        // naming the shard and line, instead of an internal error (the router leaves its pattern out).
        const broken = unusableTriggerReason(trigger);
        if (broken !== undefined) {
          out.push(
            finding(
              rule.meta,
              row.shard,
              row.line,
              at >= 0 ? at + 2 : 1,
              `trigger \`${shownTrigger(trigger)}\` is not used (${broken}), so ${row.rules.join(", ")} never fire${row.rules.length === 1 ? "s" : ""} through it`,
              "shorten or simplify the trigger; the row's other triggers and the other rows still fire",
            ),
          );
          return;
        }
        const src = row.pathRe[i];
        if (src == null) return; // a command pattern
        const c = compileRunSource(src, "path");
        if (!c.ok) return;
        const re = c.re;
        if (files.some((f) => re.test(f))) return;
        out.push(
          finding(
            rule.meta,
            row.shard,
            row.line,
            at >= 0 ? at + 2 : 1,
            `trigger \`${trigger}\` matches no file in the repository, so ${row.rules.join(", ")} never fire${row.rules.length === 1 ? "s" : ""} through it for a file`,
            row.wordRe[i] != null
              ? "fix the glob or remove it; if it is meant for shell commands only, write the command with its arguments (a trigger with a space matches commands only)"
              : "fix the glob (it matches runs of whole path segments anywhere in a path) or remove the trigger if those files are gone",
          ),
        );
      });
    }
    return out;
  },
};

export default rule;
