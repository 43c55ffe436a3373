/**
 * `agent-context pointers` end to end with the pinned real Claude Code CLI (2.1.332) and a scripted model:
 * the built CLI writes pointers into a throwaway config dir, the real agent runs with it, and the requests
 * it sends show what attached when. Both routes: hook (files in an --add-dir directory, which the CLI never
 * attaches a user rule for) and rule (the cwd repository under --setting-sources user, and the cwd's root
 * memory for an Explore subagent).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { allTexts, type ClaudeRun, claudeVersion, runClaude } from "../support/claude.js";

const CLI = join(process.cwd(), "dist/cli/main.js");
const HOOK = join(process.cwd(), "dist/hook.cjs");
const ARGS = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Write,Edit,Bash"];

function w(p: string, t: string) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, t);
}
const read = (p: string) => [{ type: "tool_use" as const, name: "Read", input: { file_path: p } }];

interface JsonPointer {
  file: string;
  globs: string[];
  target: string;
  route: "rule" | "hook";
  kind: string;
}
function pointers(args: string[]): JsonPointer[] {
  return JSON.parse(execFileSync("node", [CLI, "pointers", "--json", ...args], { encoding: "utf8" }))
    .pointers;
}

/** The texts each main request added to the conversation (request 0: everything it holds). */
function added(run: ClaudeRun): string[] {
  let prev = 0;
  return run.mainRequests.map((r) => {
    const t = allTexts(r);
    const out = t.slice(prev).join("\n");
    prev = t.length;
    return out;
  });
}
const everything = (run: ClaudeRun) => JSON.stringify(run.requests.map((r) => r.body));

describe(`pointers with the real Claude Code CLI ${claudeVersion()}`, () => {
  it("hook_route_and_rule_route_pointers_attach_where_they_should_and_nowhere_else", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ac-ptr-e2e-")));
    // Hook route: an added directory next to the cwd.
    const app = join(root, "h/app");
    const lib = join(root, "h/lib");
    const cfgH = join(root, "h/cfg");
    w(join(app, "CLAUDE.md"), "app root memory\n");
    w(join(lib, ".claude/rules/api.md"), '---\npaths:\n  - "src/**/*.ts"\n---\nLIB-RULE-BODY-7d1\n');
    w(join(lib, "src/x/a.ts"), "a\n");
    w(join(lib, "other.txt"), "o\n");
    w(join(lib, "sub/CLAUDE.md"), "LIB-NESTED-MEM-7d1\n");
    w(join(lib, "sub/q.txt"), "q\n");
    w(join(root, "h/outside/CLAUDE.md"), "OUTSIDE-TEXT-7d1\n");
    mkdirSync(join(lib, "evil"), { recursive: true });
    symlinkSync(join(root, "h/outside/CLAUDE.md"), join(lib, "evil/CLAUDE.md"));
    w(join(lib, "evil/f.txt"), "f\n");
    w(join(lib, "imp/CLAUDE.md"), "imports from outside: @../../outside/CLAUDE.md\n");
    w(join(lib, "imp/z.txt"), "z\n");
    // A harness's own prefix: the installed hook serves pointers of any prefix (issue 9).
    const hp = pointers(["--config-dir", cfgH, "--cwd", app, "--add-dir", lib, "--prefix", "harness_lib"]);
    const hook = (t: string) => hp.find((p) => p.target === t);
    expect(hook(join(lib, ".claude/rules/api.md"))?.route).toBe("hook");
    expect(hook(join(lib, "sub"))?.route).toBe("hook");
    expect(hook(join(lib, "evil"))).toBeUndefined();
    w(
      join(cfgH, "settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: "Read|Write|Edit",
              // The one hook (dist/hook.cjs, as `init` installs it) serves hook-route pointers too (config dir
              // from CLAUDE_CONFIG_DIR).
              hooks: [{ type: "command", command: `node ${HOOK}` }],
            },
          ],
        },
      }),
    );
    const hookReads = [
      join(lib, "src/x/a.ts"),
      join(lib, "other.txt"),
      join(lib, "sub/q.txt"),
      join(lib, "evil/f.txt"),
      join(lib, "imp/z.txt"),
    ];

    // Rule route: the cwd repository under --setting-sources user (the CLI loads none of it itself).
    const capp = join(root, "r/app");
    const cfgR = join(root, "r/cfg");
    w(join(capp, ".claude/rules/ts.md"), '---\npaths:\n  - "*.ts"\n---\nAPP-RULE-BODY-7d1\n');
    w(join(capp, "src/a.ts"), "a\n");
    w(join(capp, "README.txt"), "r\n");
    w(join(capp, "sub/CLAUDE.md"), "APP-NESTED-MEM-7d1\n");
    w(join(capp, "sub/deep/x.txt"), "x\n");
    const rp = pointers(["--config-dir", cfgR, "--cwd", capp, "--no-project-settings"]);
    expect(rp.map((p) => [p.route, p.target])).toEqual([
      ["rule", join(capp, "sub")],
      ["rule", join(capp, ".claude/rules/ts.md")],
    ]);
    const ruleReads = [join(capp, "src/a.ts"), join(capp, "README.txt"), join(capp, "sub/deep/x.txt")];

    // Rule route for an Explore subagent: the cwd's root memory, which Explore starts without.
    const eapp = join(root, "e/app");
    const cfgE = join(root, "e/cfg");
    w(join(eapp, "CLAUDE.md"), "EAPP-ROOT-MEM-7d1\n");
    w(join(eapp, "src/a.ts"), "a\n");
    const ep = pointers(["--config-dir", cfgE, "--cwd", eapp]);
    expect(ep.map((p) => [p.route, p.globs])).toEqual([["rule", ["**/*"]]]);

    const [h, r, e] = await Promise.all([
      runClaude({
        cwd: app,
        configDir: cfgH,
        args: [...ARGS, "--add-dir", lib],
        script: hookReads.map(read),
      }),
      runClaude({
        cwd: capp,
        configDir: cfgR,
        args: [...ARGS, "--setting-sources", "user"],
        script: ruleReads.map(read),
      }),
      runClaude({
        cwd: eapp,
        configDir: cfgE,
        args: ARGS,
        script: [
          [
            {
              type: "tool_use" as const,
              name: "Agent",
              input: {
                description: "look",
                prompt: "look",
                subagent_type: "Explore",
                run_in_background: false,
              },
            },
          ],
          read(join(eapp, "src/a.ts")),
          [{ type: "text" as const, text: "explored" }],
        ],
      }),
    ]);

    // Hook route.
    const ha = added(h);
    expect(ha).toHaveLength(hookReads.length + 1);
    const ruleSentence = `read \`${join(lib, ".claude/rules/api.md")}\``;
    const memSentence = `\`${join(lib, "sub/CLAUDE.md")}\``;
    expect(ha[0]).not.toContain(ruleSentence); // nothing attached in the first request
    expect(ha[0]).not.toContain(memSentence);
    expect(ha[0]).not.toContain(cfgH); // no config-dir rule loaded at launch
    expect(ha[1]).toContain(ruleSentence); // covered file in the added directory
    expect(ha[1]).not.toContain(memSentence);
    expect(ha[2]).not.toContain(ruleSentence); // uncovered file: nothing
    expect(ha[2]).not.toContain(memSentence);
    expect(ha[2]).not.toContain(cfgH);
    expect(ha[3]).toContain(memSentence); // nested directory's pointer on a read below it
    expect(ha[4]).not.toContain(cfgH);
    expect(ha[4]).not.toContain("Memory for");
    expect(ha[5]).toContain(`\`${join(lib, "imp/CLAUDE.md")}\``); // the import outside is left out
    expect(ha[5]).not.toContain("outside");
    for (const t of ha.slice(1)) expect(t).not.toContain(`Contents of ${cfgH}`); // absolute globs: no CLI attach
    const hAll = everything(h);
    expect(hAll).not.toContain("OUTSIDE-TEXT-7d1");
    expect(hAll).not.toContain("LIB-RULE-BODY-7d1");
    expect(hAll).not.toContain("LIB-NESTED-MEM-7d1");

    // Rule route.
    const ra = added(r);
    const rulePtr = rp[1]?.file ?? "";
    const memPtr = rp[0]?.file ?? "";
    expect(ra[0]).not.toContain(cfgR);
    expect(ra[1]).toContain(`Contents of ${rulePtr}`);
    expect(ra[1]).not.toContain(`Contents of ${memPtr}`);
    expect(ra[2]).not.toContain(`Contents of ${cfgR}`);
    expect(ra[3]).toContain(`Contents of ${memPtr}`);
    const rAll = everything(r);
    expect(rAll).not.toContain("APP-RULE-BODY-7d1"); // the CLI loads none of the repository itself
    expect(rAll).not.toContain("APP-NESTED-MEM-7d1");

    // Explore subagent: request 1 is the subagent's first; it starts without the root memory, and the
    // pointer attaches on its first Read.
    const ea = added(e);
    const ePtr = ep[0]?.file ?? "";
    expect(ea[0]).toContain("EAPP-ROOT-MEM-7d1");
    expect(ea[0]).not.toContain(`Contents of ${ePtr}`);
    expect(JSON.stringify(e.mainRequests[1]?.body.system)).toContain("file search specialist");
    expect(ea[1]).not.toContain("EAPP-ROOT-MEM-7d1");
    expect(ea[2]).toContain(`Contents of ${ePtr}`);
    expect(ea[2]).toContain(`\`${join(eapp, "CLAUDE.md")}\``);

    // The ownership marker (a YAML comment in the frontmatter) reaches the model by neither route.
    for (const run of [h, r, e]) expect(everything(run)).not.toContain("agent-context pointer sha256:");
  });
});
