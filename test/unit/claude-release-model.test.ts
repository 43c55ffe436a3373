/**
 * The Claude Code model on any release from 2.1.197 to the newest pinned one: each flag from the release
 * ranges (src/agents/claude-code/release.ts), the tools that attach per release (on-read.ts), the probes'
 * sides (probes.ts) and verify's parser cutting what a release adds around attachments (verify.ts). The
 * shapes below are the messages the bisection recorded (docs/findings-claude-release-ranges.md, "Framing
 * around attachments"), with a file's text, the root and the counter filled in.
 */
import { describe, expect, it } from "vitest";
import { claudeAttachTargets } from "../../src/agents/claude-code/on-read.js";
import { CLAUDE_PROBES } from "../../src/agents/claude-code/probes.js";
import {
  CLAUDE_RELEASES,
  claudeRelease,
  claudeReleaseBasis,
  claudeReleaseFromRanges,
} from "../../src/agents/claude-code/release.js";
import { attachedPerTurn, type ClaudeRun } from "../../src/agents/claude-code/verify.js";
import { agentById } from "../../src/agents/index.js";
import { UsageError } from "../../src/errors.js";

describe("claude release model", () => {
  it("the_ranges_give_each_pinned_release_exactly_its_verified_flags", () => {
    // The verified records and the table must agree, or one of them is wrong.
    for (const pinned of CLAUDE_RELEASES) expect(claudeReleaseFromRanges(pinned.release)).toEqual(pinned);
    // A release beside each pin, derived from the ranges, keeps the pin's flags where no boundary lies.
    expect({ ...claudeRelease("2.1.331"), release: "2.1.332" }).toEqual(claudeRelease("2.1.332"));
    expect({ ...claudeRelease("2.1.198"), release: "2.1.197" }).toEqual(claudeRelease("2.1.197"));
  });

  it("a_release_between_the_pins_is_modelled_from_the_ranges_and_one_outside_is_refused", () => {
    expect(claudeReleaseBasis("2.1.332")).toBe("verified");
    expect(claudeReleaseBasis("2.1.300")).toBe("release-ranges");
    expect(claudeReleaseBasis("2.1.196")).toBeUndefined();
    expect(claudeReleaseBasis("2.1.333")).toBeUndefined();
    expect(() => claudeRelease("2.1.196")).toThrow(UsageError);
    const r = claudeRelease("2.1.290");
    expect([r.agentsMdAtLaunch, r.attachOnWriteEdit, r.attachOnBashRead, r.lfWhereCommentMarker]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it("a_launch_on_a_release_between_the_pins_says_it_is_modelled_from_release_ranges", () => {
    const claude = agentById("claude-code");
    const root = process.cwd();
    expect(claude.launch({ root, release: "2.1.300" }).agent).toMatchObject({
      version: "2.1.300",
      basis: "release-ranges",
    });
    expect(claude.launch({ root, release: "2.1.332" }).agent.basis).toBeUndefined();
  });

  it("before_2_1_293_no_bash_command_attaches_and_before_2_1_288_no_write", () => {
    const cwd = "/r";
    const cat = { command: "cat pkg/a.txt" };
    const write = { file_path: "/r/pkg/new.ts", content: "x" };
    expect(claudeAttachTargets("Bash", cat, cwd, "2.1.292")).toEqual([]);
    expect(claudeAttachTargets("Bash", cat, cwd, "2.1.293")).toEqual(["/r/pkg/a.txt"]);
    expect(claudeAttachTargets("Write", write, cwd, "2.1.287")).toEqual([]);
    expect(claudeAttachTargets("Write", write, cwd, "2.1.288")).toEqual(["/r/pkg/new.ts"]);
    expect(claudeAttachTargets("Read", { file_path: "/r/x" }, cwd, "2.1.197")).toEqual(["/r/x"]);
  });

  it("each_release_keyed_probe_names_a_release_on_the_other_side_of_its_boundary", () => {
    const keyed = CLAUDE_PROBES.filter((p) => p.byRelease);
    expect(keyed.length).toBeGreaterThanOrEqual(12);
    for (const p of keyed) {
      const by = p.byRelease as NonNullable<typeof p.byRelease>;
      for (const release of ["2.1.197", "2.1.250", "2.1.300", "2.1.332"]) {
        const other = by.other(release);
        expect(claudeReleaseBasis(other), `${p.id} ${release} → ${other}`).toBeDefined();
        expect(by.has(other), `${p.id} ${release} → ${other}`).toBe(!by.has(release));
      }
    }
    const crlf = CLAUDE_PROBES.find((p) => p.id === "crlf-inline-comment")?.byRelease;
    expect([crlf?.has("2.1.329"), crlf?.has("2.1.330")]).toEqual([false, true]);
  });
});

/** A run whose last main request holds these messages after the first user message. */
function runOf(messages: unknown[]): ClaudeRun {
  const req = { url: "/v1/messages", body: { messages: [{ role: "user", content: "hello" }, ...messages] } };
  return {
    code: 0,
    stdout: "",
    stderr: "",
    requests: [req],
    mainRequests: [req],
    home: "/h",
    configDir: "/h/c",
  } as unknown as ClaudeRun;
}

const RESULT = { role: "user", content: [{ tool_use_id: "toolu_1", type: "tool_result", content: "a" }] };
const system = (text: string) => ({ role: "system", content: [{ type: "text", text }] });
const COUNTER = "<total_tokens>14999998 tokens left</total_tokens>";
const FILE = "Pkg memory.";

describe("verify's parser cuts what each release adds around attachments", () => {
  const cases: { release: string; messages: unknown[]; path: string }[] = [
    {
      release: "2.1.232",
      messages: [RESULT, system(`Contents of /r/pkg/CLAUDE.md:\n\n${FILE}\n`)],
      path: "/r/pkg/CLAUDE.md",
    },
    {
      release: "2.1.300",
      messages: [RESULT, system(`Contents of /r/pkg/CLAUDE.md:\n\n${FILE}\n\n\n${COUNTER}`)],
      path: "/r/pkg/CLAUDE.md",
    },
    {
      release: "2.1.300",
      messages: [
        RESULT,
        system(`tool.call hook additional context: Contents of /r/sub/AGENTS.md:\n\n${FILE}\n\n\n${COUNTER}`),
      ],
      path: "/r/sub/AGENTS.md",
    },
    {
      release: "2.1.310",
      messages: [
        {
          ...RESULT,
          content: [
            ...RESULT.content,
            {
              type: "text",
              text: `<system-reminder>\nContents of /r/pkg/CLAUDE.md:\n\n${FILE}\n\n</system-reminder>`,
            },
          ],
        },
        system(COUNTER),
      ],
      path: "/r/pkg/CLAUDE.md",
    },
    {
      release: "2.1.314",
      messages: [
        RESULT,
        system(`tool.call hook additional context: Contents of /r/sub/AGENTS.md:\n\n${FILE}\n`),
      ],
      path: "/r/sub/AGENTS.md",
    },
  ];

  for (const c of cases)
    it(`on_${c.release.replaceAll(".", "_")}_only_the_files_text_is_read_${c.path.endsWith("AGENTS.md") ? "from_the_hook_message" : "after_a_read"}`, () => {
      const turns = attachedPerTurn(runOf(c.messages), () => true, c.release);
      expect(turns).toHaveLength(1);
      expect(turns[0]?.map((f) => f.path)).toEqual([c.path]);
      expect(turns[0]?.[0]?.text.startsWith(FILE)).toBe(true);
      expect(turns[0]?.[0]?.text).not.toContain("total_tokens");
    });

  it("a_counter_alone_is_no_attachment", () => {
    expect(attachedPerTurn(runOf([RESULT, system(COUNTER)]), () => true, "2.1.250")).toEqual([[]]);
  });

  it("a_release_without_the_counter_keeps_a_files_last_line_that_looks_like_one", () => {
    // 2.1.332 sends no counter: a file whose text ends like one is read as written.
    const text = `Contents of /r/pkg/CLAUDE.md:\n\n${FILE}\n\n${COUNTER}`;
    const [turn] = attachedPerTurn(runOf([RESULT, system(text)]), () => true, "2.1.332");
    expect(turn?.[0]?.text).toBe(`${FILE}\n\n${COUNTER}`);
  });
});
