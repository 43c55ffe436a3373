/**
 * Each agent's own limits, settled against the pinned CLIs offline and re-checked every run
 * (docs/findings-limits.md): what Claude Code warns about, cuts or skips (a large memory file, nested memory
 * and rules attached on read, the 4 MiB file cap, auto memory, a hook's long additionalContext, subagent
 * descriptions), which built-in subagents start without the launch memory, Codex's cut inside a character
 * and its skill descriptions, the launch Gemini CLI never sends, and the budget Copilot CLI refuses.
 * The runs of each agent happen in its beforeAll, a few at a time; each `it` then checks one finding.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_HOOK_CONTEXT_MAX_CHARS, claudeMemoryFileLimit } from "../../src/agents/claude-code/limits.js";
import { agentById } from "../../src/agents/index.js";
import { count } from "../../src/tokens/index.js";
import { allTexts, type ClaudeRun, claudeReleases, launchFiles, runClaude } from "../support/claude.js";
import { codexBin, runCodex } from "../support/codex.js";
import { type Entry, tempDir, writeLayout } from "../support/codex-layout.js";
import { type CopilotRun, pool, runCopilot } from "../support/copilot.js";
import { type GeminiRun, launchBlocks, runGemini } from "../support/gemini.js";
import { runProcess } from "../support/process.js";
import type { RecordedRequest } from "../support/upstream.js";

const [MAIN, OLDER] = claudeReleases() as [string, string];
const READ_ONLY = ["--allowedTools", "Read"];
const ACCEPT = ["--permission-mode", "acceptEdits", "--allowedTools", "Read,Agent"];

/** Every folder these tests made (some hold files of several megabytes): removed at the end. */
const made: string[] = [];
afterAll(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the file's tests. */
function temp(prefix: string): string {
  const d = tempDir(prefix);
  made.push(d);
  return d;
}

/** A fresh repository (a real git repository) with `files`; its real path. */
function repo(files: Record<string, Entry>, prefix = "ac-limits-"): string {
  const root = temp(prefix);
  writeLayout(root, { ".git": { git: true }, ...files });
  return root;
}

/** `n` characters of 100-character lines (`L<i> xxx…\n`), the last line ending in `Z` without a newline. */
function lines(n: number): string {
  let t = "";
  for (let i = 0; t.length < n; i++) t += `${`L${i} `.padEnd(99, "x")}\n`;
  return `${t.slice(0, n - 1)}Z`;
}

/** Every string anywhere in a JSON value, in order. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) strings(x, out);
  return out;
}

/**
 * The text Claude Code attached for `abs` in a request (`Contents of ABS:\n\n…`), wherever it sits (a text
 * block, a tool result's string, a system message), up to the reminder's close; undefined when absent.
 */
function attached(req: RecordedRequest | undefined, abs: string): string | undefined {
  const head = `Contents of ${abs}:\n\n`;
  const s = strings(req?.body?.messages ?? []).find((x) => x.includes(head));
  if (s === undefined) return undefined;
  const body = s.slice(s.indexOf(head) + head.length);
  const end = body.indexOf("\n</system-reminder>");
  return end < 0 ? body : body.slice(0, end);
}

/**
 * The rule ids of the agent's own limits the model predicts for a launch at `root` (its `limits`
 * capability: what `cap` and `lint` warn about), for the same repository the CLI ran on.
 */
function predicted(id: string, root: string, opts: { release?: string; model?: string } = {}): string[] {
  const agent = agentById(id);
  const snapshot = agent.launch({ root, cwd: root, ...(opts.release ? { release: opts.release } : {}) });
  return (agent.capabilities?.limits?.(snapshot, opts.model ? { model: opts.model } : {}) ?? []).map(
    (f) => f.ruleId,
  );
}

const read = (file_path: string) => [{ type: "tool_use" as const, name: "Read", input: { file_path } }];

/** Claude Code's note after a cut file (2.1.332): the start, the note, where the rest begins. */
const cutNote = (abs: string, offset: number) =>
  `\n\n> Only the start of this file is shown. For the rest, call Read on ${abs} with offset=${offset} and a limit.`;

describe(`Claude Code ${MAIN} and ${OLDER}: limits`, () => {
  const runs = new Map<string, { root: string; run: ClaudeRun }>();

  beforeAll(async () => {
    const jobs: [string, () => Promise<{ root: string; run: ClaudeRun }>][] = [];
    const add = (key: string, job: () => Promise<{ root: string; run: ClaudeRun }>) => jobs.push([key, job]);

    for (const release of [MAIN, OLDER]) {
      // A 45,017-character CLAUDE.md and a subagent with a 70,000-character description, in print mode.
      add(`large:${release}`, async () => {
        let d = "";
        for (let i = 0; d.length < 70_000; i++) d += `w${i} `;
        const root = repo({
          "CLAUDE.md": `${"x".repeat(45_016)}\n`,
          ".claude/agents/big.md": `---\nname: bigagent\ndescription: ${d.slice(0, 70_000)}\n---\nYou are big.\n`,
        });
        return { root, run: await runClaude({ release, cwd: root, args: READ_ONLY }) };
      });
      // The 4 MiB cap: CLAUDE.md exactly 4,194,304 bytes, .claude/CLAUDE.md one byte more.
      add(`fourmib:${release}`, async () => {
        const root = repo({ "CLAUDE.md": "M".repeat(4_194_304), ".claude/CLAUDE.md": "N".repeat(4_194_305) });
        return { root, run: await runClaude({ release, cwd: root, args: READ_ONLY }) };
      });
      // Auto memory: over 200 lines; over 25,000 characters; one line over 25,000 characters.
      const memories: Record<string, string> = {
        lines: `${Array.from({ length: 250 }, (_, i) => `- [Memory ${i + 1}](m${i + 1}.md) — hook ${i + 1}`).join("\n")}\n`,
        chars: `${Array.from({ length: 100 }, (_, i) => `- [M${i + 1}](m.md) `.padEnd(299, "w")).join("\n")}\n`,
        oneline: `${"x".repeat(26_000)}\n`,
      };
      for (const [kind, text] of Object.entries(memories))
        add(`automem-${kind}:${release}`, async () => {
          const root = repo({});
          const home = temp("ac-limits-home-");
          const configDir = join(home, ".claude");
          const dir = join(configDir, "projects", root.replace(/[^a-zA-Z0-9]/g, "-"), "memory");
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, "MEMORY.md"), text);
          return { root, run: await runClaude({ release, cwd: root, home, configDir, args: READ_ONLY }) };
        });
      // A hook's additionalContext of 10,000 and 10,001 characters (lines), and 10,001 without a newline.
      add(`hook:${release}`, async () => {
        const hook =
          'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const m=/(lines|flat)-(\\d+)/.exec(JSON.parse(s).tool_input.file_path);' +
          'const n=+m[2];let t="";if(m[1]==="flat")t="F".repeat(n);else{for(let i=0;t.length<n;i++)t+=("row "+i+" ").padEnd(59,"-")+"\\n";t=t.slice(0,n-1)+"Z"}' +
          'process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",additionalContext:t}}))})';
        const names = ["lines-10000", "lines-10001", "flat-10001"];
        const root = repo({ "hook.cjs": hook, ...Object.fromEntries(names.map((n) => [`${n}.txt`, "x\n"])) });
        mkdirSync(join(root, ".claude"));
        writeFileSync(
          join(root, ".claude/settings.json"),
          JSON.stringify({
            hooks: {
              PreToolUse: [
                { matcher: "Read", hooks: [{ type: "command", command: `node ${join(root, "hook.cjs")}` }] },
              ],
            },
          }),
        );
        const script = names.map((n) => read(join(root, `${n}.txt`)));
        return {
          root,
          run: await runClaude({
            release,
            cwd: root,
            args: ["--permission-mode", "acceptEdits", "--allowedTools", "Read"],
            script,
          }),
        };
      });
      // Built-in subagents: what their first request holds.
      for (const type of ["Explore", "Plan", "general-purpose"])
        add(`subagent-${type}:${release}`, async () => {
          const root = repo({
            "CLAUDE.md": "MARK-ROOTMEM @docs/imp.md\n",
            "docs/imp.md": "MARK-IMPORT\n",
            ".claude/rules/u.md": "MARK-UNSCOPED\n",
            ".claude/rules/s.md": '---\npaths:\n  - "src/**"\n---\nMARK-PATHRULE\n',
            "CLAUDE.local.md": "MARK-LOCAL\n",
            "src/a.ts": "a\n",
          });
          const home = temp("ac-limits-home-");
          const configDir = join(home, ".claude");
          mkdirSync(configDir, { recursive: true });
          writeFileSync(join(configDir, "CLAUDE.md"), "MARK-USERMEM\n");
          const run = await runClaude({
            release,
            cwd: root,
            home,
            configDir,
            args: ACCEPT,
            script: [
              [
                {
                  type: "tool_use",
                  name: "Agent",
                  input: {
                    description: "look",
                    prompt: "look around",
                    subagent_type: type,
                    run_in_background: false,
                  },
                },
              ],
              read(join(root, "src/a.ts")),
              [{ type: "text", text: "subagent done" }],
            ],
          });
          return { root, run };
        });
    }
    // Nested memory and rules attached on read, 2.1.332: the limit of claude-sonnet-4-6 (200,000 tokens,
    // 4 characters a token: 40,000), of its 1M-context form (200,000) and of the default model (150,000).
    add("nested-sonnet", async () => {
      const root = repo({
        "a/CLAUDE.md": lines(40_000),
        "a/x.txt": "x\n",
        "b/CLAUDE.md": lines(40_001),
        "b/x.txt": "x\n",
        "c/CLAUDE.md": `${"y".repeat(40_999)}Z`,
        "c/x.txt": "x\n",
        "d/CLAUDE.md": `a${"😀".repeat(20_500)}`,
        "d/x.txt": "x\n",
        ".claude/rules/big.md": `---\npaths:\n  - "src/**"\n---\n${"r".repeat(40_999)}Z`,
        "src/a.ts": "a\n",
      });
      const script = ["a/x.txt", "b/x.txt", "c/x.txt", "d/x.txt", "src/a.ts"].map((p) => read(join(root, p)));
      const run = await runClaude({
        cwd: root,
        args: [...READ_ONLY, "--model", "claude-sonnet-4-6"],
        script,
      });
      return { root, run };
    });
    for (const [key, model, limit] of [
      ["nested-1m", "claude-sonnet-4-6[1m]", 200_000],
      ["nested-default", undefined, 150_000],
    ] as const)
      add(key, async () => {
        const root = repo({
          "a/CLAUDE.md": lines(limit),
          "a/x.txt": "x\n",
          "b/CLAUDE.md": lines(limit + 1),
          "b/x.txt": "x\n",
        });
        const script = ["a/x.txt", "b/x.txt"].map((p) => read(join(root, p)));
        const args = [...READ_ONLY, ...(model ? ["--model", model] : [])];
        return { root, run: await runClaude({ cwd: root, args, script }) };
      });
    // 2.1.197 attaches nested memory whole.
    add("nested-older", async () => {
      const root = repo({ "b/CLAUDE.md": lines(45_000), "b/x.txt": "x\n" });
      const run = await runClaude({
        release: OLDER,
        cwd: root,
        args: [...READ_ONLY, "--model", "claude-sonnet-4-6"],
        script: [read(join(root, "b/x.txt"))],
      });
      return { root, run };
    });

    const done = await pool(
      jobs.map(([, job]) => job),
      3,
    );
    jobs.forEach(([key], i) => {
      runs.set(key, done[i] as { root: string; run: ClaudeRun });
    });
  }, 900_000);

  const get = (key: string) => {
    const r = runs.get(key);
    if (!r) throw new Error(`no run ${key}`);
    expect(r.run.code, r.run.stderr.slice(0, 500)).toBe(0);
    return r;
  };

  it.each([MAIN, OLDER])(
    "on_%s_a_45017_character_claude_md_loads_whole_and_print_mode_prints_no_warning",
    (release) => {
      const { root, run } = get(`large:${release}`);
      expect(launchFiles(run).map((f) => f.text.length)).toEqual([45_016]);
      // The model warns where an interactive session would: over 40,000 characters for a 200,000-token
      // model (the lowest limit, the default of the prediction), not for the run's own 1M-context model.
      expect(predicted("claude-code", root, { release })).toEqual([
        "claude-large-memory-file",
        "claude-agent-descriptions",
      ]);
      const model = run.mainRequests[0]?.body?.model as string;
      expect(claudeMemoryFileLimit(model)).toBeGreaterThan(45_016);
      expect(predicted("claude-code", root, { release, model })).toEqual(["claude-agent-descriptions"]);
      expect(run.stdout).toBe("done\n");
      expect(run.stderr).not.toMatch(/impact performance|-char limit|Large CLAUDE/);
      const sent = JSON.stringify(run.requests.map((q) => q.body));
      expect(sent).not.toMatch(/impact performance|-char limit|Large CLAUDE/);
    },
  );

  it.each([MAIN, OLDER])(
    "on_%s_a_subagent_description_of_70000_characters_is_listed_whole_and_print_mode_prints_no_warning",
    (release) => {
      const { run } = get(`large:${release}`);
      const listing = strings(run.mainRequests[0]?.body?.messages ?? []).find((s) =>
        s.includes("- bigagent: "),
      );
      expect(listing).toBeDefined();
      const line = (listing as string).slice((listing as string).indexOf("- bigagent: "));
      const entry = line.slice(0, line.indexOf("\n") < 0 ? undefined : line.indexOf("\n"));
      expect(entry).toMatch(/^- bigagent: w0 w1 .* \(Tools: All tools\)$/);
      expect(entry.length).toBe("- bigagent: ".length + 70_000 + " (Tools: All tools)".length);
    },
  );

  it.each([MAIN, OLDER])(
    "on_%s_a_memory_file_of_4_mib_loads_and_one_byte_more_is_skipped_silently",
    (release) => {
      const { root, run } = get(`fourmib:${release}`);
      const files = launchFiles(run);
      expect(files.map((f) => [f.path, f.text.length])).toEqual([[join(root, "CLAUDE.md"), 4_194_304]]);
      expect(run.stdout).toBe("done\n");
      expect(run.stderr).toBe("");
    },
  );

  /** The auto-memory section of the first request: the loaded text up to the reminder's end. */
  const memory = (run: ClaudeRun) => {
    const head = "/memory/MEMORY.md (user's auto-memory, persists across conversations):\n\n";
    const s = strings(run.mainRequests[0]?.body?.messages ?? []).find((x) => x.includes(head)) ?? "";
    return s.slice(s.indexOf(head) + head.length);
  };
  const KEEP = "Keep index entries to one line under ~200 chars; move detail into topic files.";
  const startsWith = (text: string, expected: string) =>
    expect(text.slice(0, expected.length)).toBe(expected);

  it.each([MAIN, OLDER])("on_%s_auto_memory_keeps_the_first_200_lines_and_says_so", (release) => {
    const text = memory(get(`automem-lines:${release}`).run);
    const kept = Array.from(
      { length: 200 },
      (_, i) => `- [Memory ${i + 1}](m${i + 1}.md) — hook ${i + 1}`,
    ).join("\n");
    const detail =
      release === MAIN
        ? ': 50 of 250 lines were cut off, starting at line 201 ("- [Memory 201](m201.md) — hook 201")'
        : "";
    startsWith(
      text,
      `${kept}\n\n> WARNING: MEMORY.md is 250 lines (limit: 200). Only part of it was loaded${detail}. ${KEEP}\n`,
    );
  });

  it.each([MAIN, OLDER])(
    "on_%s_auto_memory_over_25000_characters_is_cut_at_the_last_line_break_before_25000",
    (release) => {
      const text = memory(get(`automem-chars:${release}`).run);
      const kept = Array.from({ length: 83 }, (_, i) => `- [M${i + 1}](m.md) `.padEnd(299, "w")).join("\n");
      expect(kept.length).toBe(24_899);
      const detail =
        release === MAIN
          ? `: 17 of 100 lines were cut off, starting at line 84 ("- [M84](m.md) ${"w".repeat(79 - "- [M84](m.md) ".length)}…")`
          : "";
      startsWith(
        text,
        `${kept}\n\n> WARNING: MEMORY.md is 29.3KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded${detail}. ${KEEP}\n`,
      );
    },
  );

  it.each([MAIN, OLDER])("on_%s_auto_memory_of_one_long_line_is_cut_at_25000_characters", (release) => {
    const text = memory(get(`automem-oneline:${release}`).run);
    const detail =
      release === MAIN ? ": everything after the first 25000 characters of line 1 was cut off" : "";
    startsWith(
      text,
      `${"x".repeat(25_000)}\n\n> WARNING: MEMORY.md is 25.4KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded${detail}. ${KEEP}\n`,
    );
  });

  it.each([MAIN, OLDER])(
    "on_%s_a_hook_context_of_10000_characters_arrives_whole_and_a_longer_one_as_a_file_and_a_2000_character_preview",
    (release) => {
      const { run } = get(`hook:${release}`);
      const contexts = allTexts(run.mainRequests.at(-1) as RecordedRequest)
        .filter((t) => t.includes("PreToolUse:Read hook additional context: "))
        .map((t) =>
          t
            .replace(/^<system-reminder>\n/, "")
            .replace(/\n<\/system-reminder>$/, "")
            .replace("PreToolUse:Read hook additional context: ", ""),
        );
      expect(contexts).toHaveLength(3);
      const [whole, cutLines, cutFlat] = contexts as [string, string, string];
      let rows = "";
      for (let i = 0; rows.length < 10_000; i++) rows += `${`row ${i} `.padEnd(59, "-")}\n`;
      expect(whole).toBe(`${rows.slice(0, 9_999)}Z`);
      // The bound the model holds the hook's own setting under (src/agents/claude-code/limits.ts).
      expect(whole.length).toBe(CLAUDE_HOOK_CONTEXT_MAX_CHARS);
      const saved =
        release === MAIN
          ? /hook-toolu_\d+-PreToolUse-[0-9a-f]{32}-additionalContext\.txt/
          : /hook-toolu_\d+-\d+-additionalContext\.txt/;
      // The preview: the first 2,000 characters cut at their last line break (here after 33 rows, 1,979
      // characters), or at 2,000 when that break would keep no more than half.
      for (const [text, preview] of [
        [cutLines, rows.slice(0, 33 * 60 - 1)],
        [cutFlat, "F".repeat(2_000)],
      ] as const) {
        const m =
          /^<persisted-output>\nOutput too large \(9\.8KB\)\. Full output saved to: (\S+)\n\nPreview \(first 2KB\):\n([\s\S]*)\n\.\.\.\n<\/persisted-output>$/.exec(
            text,
          );
        expect(m, text.slice(0, 300)).not.toBeNull();
        expect(m?.[1]).toMatch(saved);
        expect(m?.[2]).toBe(preview);
      }
    },
  );

  /** What the subagent's first request holds of the markers, and which subagent it is. */
  const subagent = (release: string, type: string) => {
    const { run } = get(`subagent-${type}:${release}`);
    const req = run.mainRequests[1];
    const text = [...strings(req?.body?.system ?? []), ...strings(req?.body?.messages ?? [])].join("\n");
    const marks = ["MARK-ROOTMEM", "MARK-IMPORT", "MARK-UNSCOPED", "MARK-LOCAL", "MARK-USERMEM"];
    const onRead = strings(run.mainRequests[2]?.body?.messages ?? []).join("\n");
    return {
      text,
      has: marks.filter((m) => text.includes(m)),
      pathRuleOnRead: onRead.includes("MARK-PATHRULE"),
    };
  };

  it.each([MAIN, OLDER])(
    "on_%s_the_explore_and_plan_subagents_start_without_claude_md_its_imports_unscoped_rules_local_and_user_memory",
    (release) => {
      const explore = subagent(release, "Explore");
      expect(explore.text).toContain("You are a file search specialist");
      expect(explore.has).toEqual([]);
      const plan = subagent(release, "Plan");
      expect(plan.text).toContain("You are a software architect and planning specialist");
      expect(plan.has).toEqual([]);
    },
  );

  it.each([MAIN, OLDER])(
    "on_%s_a_general_purpose_subagent_starts_with_them_and_every_subagent_gets_scoped_rules_on_its_reads",
    (release) => {
      expect(subagent(release, "general-purpose").has).toEqual([
        "MARK-ROOTMEM",
        "MARK-IMPORT",
        "MARK-UNSCOPED",
        "MARK-LOCAL",
        "MARK-USERMEM",
      ]);
      for (const type of ["Explore", "Plan", "general-purpose"])
        expect(subagent(release, type).pathRuleOnRead).toBe(true);
    },
  );

  it("on_2_1_332_nested_memory_over_the_model_limit_is_cut_at_the_last_line_break_before_it", () => {
    const { root, run } = get("nested-sonnet");
    const last = run.mainRequests.at(-1);
    expect(attached(last, join(root, "a/CLAUDE.md"))).toBe(lines(40_000));
    expect(attached(last, join(root, "b/CLAUDE.md"))).toBe(
      `${lines(40_001).slice(0, 39_999)}${cutNote(join(root, "b/CLAUDE.md"), 401)}`,
    );
  });

  it("on_2_1_332_a_single_line_over_the_limit_is_cut_at_the_limit_and_never_inside_a_surrogate_pair", () => {
    const { root, run } = get("nested-sonnet");
    const last = run.mainRequests.at(-1);
    expect(attached(last, join(root, "c/CLAUDE.md"))).toBe(
      `${"y".repeat(40_000)}${cutNote(join(root, "c/CLAUDE.md"), 1)}`,
    );
    // "a" then emoji: unit 40,000 is the second half of a pair, so the cut falls one unit earlier.
    expect(attached(last, join(root, "d/CLAUDE.md"))).toBe(
      `a${"😀".repeat(19_999)}${cutNote(join(root, "d/CLAUDE.md"), 1)}`,
    );
  });

  it("on_2_1_332_a_scoped_rule_attached_on_read_is_cut_like_nested_memory", () => {
    const { root, run } = get("nested-sonnet");
    expect(attached(run.mainRequests.at(-1), join(root, ".claude/rules/big.md"))).toBe(
      `${"r".repeat(40_000)}${cutNote(join(root, ".claude/rules/big.md"), 1)}`,
    );
  });

  it.each([
    ["nested-1m", 200_000],
    ["nested-default", 150_000],
  ] as const)("on_2_1_332_the_%s_model_limit_is_%i_characters", (key, limit) => {
    const { root, run } = get(key);
    const last = run.mainRequests.at(-1);
    expect(attached(last, join(root, "a/CLAUDE.md"))).toBe(lines(limit));
    expect(attached(last, join(root, "b/CLAUDE.md"))).toBe(
      `${lines(limit + 1).slice(0, limit - 1)}${cutNote(join(root, "b/CLAUDE.md"), limit / 100 + 1)}`,
    );
    if (key === "nested-default") expect(run.mainRequests[0]?.body?.model).toBe("claude-opus-5-5");
    // The model's limit for the run's model (`--model`; the request names the 1M form without `[1m]`) is
    // the one the CLI cut at.
    const model =
      key === "nested-1m" ? "claude-sonnet-4-6[1m]" : (run.mainRequests[0]?.body?.model as string);
    expect(claudeMemoryFileLimit(model)).toBe(limit);
  });

  it("on_2_1_197_nested_memory_is_attached_whole_whatever_its_length", () => {
    const { root, run } = get("nested-older");
    expect(attached(run.mainRequests.at(-1), join(root, "b/CLAUDE.md"))).toBe(lines(45_000));
  });
});

/** `codex debug prompt-input hi` in `cwd`; every developer and user text of the prompt. */
async function codexTexts(cwd: string): Promise<string[]> {
  const home = temp("ac-limits-codex-");
  mkdirSync(join(home, ".codex"), { recursive: true });
  const r = await runProcess(codexBin(), ["debug", "prompt-input", "hi"], {
    cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: join(home, ".codex") },
    timeoutMs: 60_000,
  });
  const items = JSON.parse(r.stdout) as { content?: { text?: string }[] }[];
  return items.flatMap((it) => (it.content ?? []).map((c) => c.text ?? ""));
}

describe("Codex 0.171.0: limits", () => {
  it.each([
    [1, "h\uFFFD"],
    [2, "h\uFFFD"],
    [3, "h\uFFFD"],
    [4, "h😀"],
  ] as const)("a_budget_ending_%i_bytes_into_a_four_byte_character_delivers_%j", async (into, delivered) => {
    // The budget counts the files' bytes (ROOT\n is 5, "h" 1), not the blank line that joins them.
    const root = repo({ "AGENTS.md": "ROOT\n", "a/AGENTS.md": "h😀 tail\n" });
    const r = await runCodex({ cwd: join(root, "a"), args: ["-c", `project_doc_max_bytes=${5 + 1 + into}`] });
    const tail = `<INSTRUCTIONS>\nROOT\n\n\n${delivered}\n</INSTRUCTIONS>`;
    expect(r.agentsMessage.slice(-tail.length)).toBe(tail);
  });

  it("a_skill_description_of_1024_characters_is_listed_whole_and_a_longer_one_cut_to_1021_and_an_ellipsis", async () => {
    const digits = (n: number) => Array.from({ length: n }, (_, i) => String(i % 10)).join("");
    const listed = async (description: string) => {
      const root = repo({
        ".agents/skills/big/SKILL.md": `---\nname: big\ndescription: ${description}\n---\nBody\n`,
      });
      const section = (await codexTexts(root)).find((t) => t.includes("<skills_instructions>")) ?? "";
      return /\n- big: (.*) \(file: r\d+\/big\/SKILL\.md\)\n/.exec(section)?.[1];
    };
    expect(await listed(digits(1024))).toBe(digits(1024));
    expect(await listed(digits(1025))).toBe(`${digits(1021)}...`);
    // Characters, not bytes: 1,025 "é" become 1,021 and the ellipsis.
    expect(await listed("é".repeat(1025))).toBe(`${"é".repeat(1021)}...`);
  });

  it("the_skill_roots_table_names_the_skill_folders_by_absolute_path", async () => {
    const root = repo({
      ".agents/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo.\n---\nBody\n",
    });
    const section = (await codexTexts(root)).find((t) => t.includes("<skills_instructions>")) ?? "";
    expect(section).toMatch(new RegExp(`\\n- \`r\\d+\` = \`${root}/\\.agents/skills\`\\n`));
    expect(section).toMatch(/\n- demo: A demo\. \(file: r\d+\/demo\/SKILL\.md\)\n/);
  });

  it("many_long_skill_descriptions_are_shortened_to_keep_the_skills_section_near_40000_characters", async () => {
    const skills = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, k) => {
          const name = `s${String(k).padStart(3, "0")}`;
          let d = "";
          for (let i = 0; d.length < 1000; i++) d += String.fromCharCode(97 + ((i + k) % 26));
          return [`.agents/skills/${name}/SKILL.md`, `---\nname: ${name}\ndescription: ${d}\n---\nBody\n`];
        }),
      );
    const described = async (n: number) => {
      const section =
        (await codexTexts(repo(skills(n)))).find((t) => t.includes("<skills_instructions>")) ?? "";
      const lens = [...section.matchAll(/\n- s\d{3}: (.*) \(file: /g)].map((m) => (m[1] as string).length);
      return { section: section.length, listed: lens.length, longest: Math.max(...lens) };
    };
    const few = await described(20);
    expect(few).toMatchObject({ listed: 20, longest: 1000 });
    const many = await described(40);
    expect(many.listed).toBe(40);
    expect(many.longest).toBeLessThan(1000);
    expect(many.section).toBeGreaterThan(40_000);
    expect(many.section).toBeLessThan(40_500);
  });
});

describe("Gemini CLI 0.61.0: limits", () => {
  // The model's limit is 1,048,576 tokens; over 100,000 characters the CLI estimates length / 4, so the
  // line lies near 4,194,304 characters of session context (docs/findings-limits.md).
  let sent: GeminiRun | undefined;
  let refused: GeminiRun | undefined;
  let sentRoot = "";
  let refusedRoot = "";

  beforeAll(async () => {
    const text = (n: number) => {
      let t = "";
      for (let i = 0; t.length < n; i++) t += `word${i % 1000} `;
      return `${t.slice(0, n - 1)}Z`;
    };
    sentRoot = repo({ "GEMINI.md": text(4_150_000) }, "ac-limits-gem-");
    refusedRoot = repo({ "GEMINI.md": text(4_200_000) }, "ac-limits-gem-");
    [sent, refused] = await Promise.all([
      runGemini({ cwd: sentRoot, timeoutMs: 240_000 }),
      runGemini({ cwd: refusedRoot, timeoutMs: 240_000 }),
    ]);
  }, 600_000);

  it("a_gemini_md_of_4150000_characters_is_sent_whole", () => {
    expect(sent?.code).toBe(0);
    const blocks = launchBlocks(sent as GeminiRun);
    expect(blocks.map((b) => b.path)).toEqual([join(sentRoot, "GEMINI.md")]);
    expect(blocks[0]?.block.length).toBeGreaterThan(4_150_000);
  });

  it("a_gemini_md_of_4200000_characters_makes_the_cli_send_nothing_print_nothing_and_exit_0", () => {
    expect(refused?.code).toBe(0);
    expect(refused?.requests).toHaveLength(0);
    expect(refused?.stdout).toBe("");
    expect(refused?.stderr).not.toMatch(/overflow|token|context/i);
    // The model predicts it (cap and lint warn), and not for the launch the CLI sent.
    expect(predicted("gemini-cli", refusedRoot)).toEqual(["gemini-context-over-limit"]);
    expect(predicted("gemini-cli", sentRoot)).toEqual([]);
  });
});

describe("Copilot CLI 1.0.102: limits", () => {
  const REFUSAL =
    "Static system messages and tool definitions exceed the model's usable context budget. Reduce static context or switch to a larger-context model.";

  /** The longest prefix of repeated `kind` units with at most `tokens` o200k tokens. */
  function sized(kind: "words" | "cjk", tokens: number): string {
    const unit = (i: number) => (kind === "words" ? `word${i % 1000} ` : `${"漢字仮名"[i % 4]}語 `);
    const parts: string[] = [];
    for (let i = 0; parts.length < tokens * 2; i++) parts.push(unit(i));
    const all = parts.join("");
    let lo = 0;
    let hi = all.length;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (count(all.slice(0, mid), "o200k").tokens <= tokens) lo = mid;
      else hi = mid;
    }
    return all.slice(0, lo);
  }

  const runs = new Map<string, CopilotRun>();
  const roots = new Map<string, string>();

  beforeAll(async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["words-under", sized("words", 43_800), {}],
      ["words-over", sized("words", 44_100), {}],
      ["cjk-under", sized("cjk", 43_800), {}],
      ["cjk-over", sized("cjk", 44_100), {}],
      ["words-100k-under", sized("words", 74_400), { COPILOT_PROVIDER_MAX_PROMPT_TOKENS: "100000" }],
      ["words-100k-over", sized("words", 74_700), { COPILOT_PROVIDER_MAX_PROMPT_TOKENS: "100000" }],
    ];
    const done = await pool(
      cases.map(([, text, env]) => async () => {
        const cwd = repo({ "AGENTS.md": text });
        return { cwd, run: await runCopilot({ cwd, env }) };
      }),
      3,
    );
    cases.forEach(([key], i) => {
      runs.set(key, done[i]?.run as CopilotRun);
      roots.set(key, done[i]?.cwd as string);
    });
  }, 600_000);

  it.each(["words", "cjk"])(
    "%s_instructions_of_43800_o200k_tokens_are_sent_and_44100_are_refused_before_any_request",
    (kind) => {
      const under = runs.get(`${kind}-under`) as CopilotRun;
      expect(under.code).toBe(0);
      expect(under.requests.length).toBeGreaterThan(0);
      const over = runs.get(`${kind}-over`) as CopilotRun;
      expect(over.code).toBe(1);
      expect(over.requests).toHaveLength(0);
      // The CLI wraps the line to the terminal width.
      expect(`${over.stdout}${over.stderr}`.replace(/\s+/g, " ")).toContain(`! ${REFUSAL}`);
      // The model predicts the refusal with the default provider, and not for the launch the CLI sent.
      expect(predicted("copilot-cli", roots.get(`${kind}-over`) as string)).toEqual([
        "copilot-context-refused",
      ]);
      expect(predicted("copilot-cli", roots.get(`${kind}-under`) as string)).toEqual([]);
    },
  );

  it("the_budget_follows_the_providers_max_prompt_tokens", () => {
    expect((runs.get("words-100k-under") as CopilotRun).code).toBe(0);
    const over = runs.get("words-100k-over") as CopilotRun;
    expect(over.code).toBe(1);
    expect(over.requests).toHaveLength(0);
  });
});
