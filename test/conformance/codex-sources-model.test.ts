/**
 * The Codex model against the recorded sources cases (test/conformance/sources.fixtures.ts, re-recorded live
 * by sources-cli.test.ts): for every codex case the model's skill and agent-role items hold exactly the
 * recorded entry texts in the recorded order, each item's bytes being its entry plus the list's separator,
 * and the roots table's lines (machine-dependent framing) are the recorded ones. In process, no CLI: the
 * case's files are written as the live test writes them and the model runs in the user view with
 * `CODEX_HOME` = HOME/.codex, as the CLI ran; the fresh-clone view must list the same repository entries.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codex } from "../../src/agents/codex/index.js";
import type { Snapshot } from "../../src/model/index.js";
import { type ListId, SOURCES_CASES } from "./sources.fixtures.js";
import { type Laid, layOut, modelLists, placeholders, removeLaidOut } from "./sources-model-support.js";

const CASES = SOURCES_CASES.filter((c) => c.agent === "codex");
afterAll(removeLaidOut);

function run(cwd: string, laid: Laid, view: "user" | "fresh-clone"): Snapshot {
  return codex.launch({
    root: laid.repo,
    cwd: join(laid.repo, cwd),
    ...(view === "user"
      ? { view: "user" as const, user: { home: laid.home, env: { CODEX_HOME: join(laid.home, ".codex") } } }
      : {}),
  });
}

const check = (ok: boolean, what: string) => expect(ok, what).toBe(true);

/** The roots table's lines as the model frames them, `<R>`/`<H>` for this machine's paths, by id. */
function rootLines(s: Snapshot, laid: Laid): string[] {
  return s.items
    .flatMap((i) => (typeof i.extra?.rootLine === "string" ? [placeholders(i.extra.rootLine, laid)] : []))
    .sort((a, b) => Number(/`r(\d+)`/.exec(a)?.[1]) - Number(/`r(\d+)`/.exec(b)?.[1]));
}

describe("the codex model lists the recorded skills and agent roles", () => {
  it("has_at_least_ten_codex_cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const laid = layOut(c);
      const snap = run(c.cwd ?? ".", laid, "user");
      const got = modelLists(snap, "codex", check);
      for (const list of ["codex.skills", "codex.agent-roles"] as ListId[]) {
        const want = (c.expected[list] ?? []).map((e) => e.text);
        expect(
          (got[list] ?? []).map((t) => placeholders(t, laid)),
          list,
        ).toEqual(want);
      }
      if (c.expected["codex.skill-roots"])
        expect(rootLines(snap, laid)).toEqual(c.expected["codex.skill-roots"].map((e) => e.text));
      // The fresh-clone view: the repository's skills (those the user's config disables too), none of
      // HOME's, and no roles (no project is trusted).
      const fresh = run(c.cwd ?? ".", laid, "fresh-clone");
      modelLists(fresh, "codex", check);
      const listed = fresh.items.filter((i) => typeof i.extra?.entry === "string");
      const repoSkills = (c.expected["codex.skills"] ?? []).filter((e) => !e.source.startsWith("~/"));
      expect(listed.filter((i) => i.kind === "subagent")).toEqual([]);
      expect(listed.every((i) => !i.path.startsWith("/") && i.charged)).toBe(true);
      expect(listed.map((i) => i.path)).toEqual(expect.arrayContaining(repoSkills.map((e) => e.source)));
    });
  }
});

describe("the codex model's items, overhead and findings for skills and roles", () => {
  const skillMd = (name: string, d: string) => `---\nname: ${name}\ndescription: ${d}\n---\nbody\n`;

  it("a_skill_description_over_the_cli_limit_is_cut_as_the_cli_cuts_it_and_charged_as_sent", () => {
    const laid = layOut({
      name: "x",
      agent: "codex",
      files: { ".agents/skills/long/SKILL.md": skillMd("long", "é".repeat(1100)) },
      expected: {},
    });
    const s = run(".", laid, "fresh-clone");
    const item = s.items.find((i) => i.kind === "skill");
    expect(item?.charged).toBe(true);
    expect(item?.bytes).toBe(Buffer.byteLength(`- long: ${"é".repeat(1021)}... (file: r1/long/SKILL.md)\n`));
    expect(item?.extra).toMatchObject({ descriptionChars: 1100, cutAt: 1024, keptChars: 1021 });
    expect(item?.framingBytes).toBe(Buffer.byteLength(`- \`r1\` = \`${laid.repo}/.agents/skills\`\n`));
  });

  it("a_dropped_or_hidden_skill_is_an_uncharged_item_of_zero_bytes_with_a_finding", () => {
    const laid = layOut({
      name: "x",
      agent: "codex",
      files: {
        ".agents/skills/hid/SKILL.md": skillMd("hid", "Hidden."),
        ".agents/skills/hid/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
        ".agents/skills/long/SKILL.md": skillMd("n".repeat(65), "Long name."),
      },
      expected: {},
    });
    const s = run(".", laid, "fresh-clone");
    const skills = s.items.filter((i) => i.kind === "skill");
    expect(skills.map((i) => [i.path, i.charged, i.bytes, i.extra?.notListed])).toEqual([
      [".agents/skills/hid/SKILL.md", false, 0, "hidden"],
      [".agents/skills/long/SKILL.md", false, 0, "name-too-long"],
    ]);
    expect(s.findings.filter((f) => f.ruleId === "source-not-listed").map((f) => f.file)).toEqual([
      ".agents/skills/hid/SKILL.md",
      ".agents/skills/long/SKILL.md",
    ]);
  });

  it("a_project_role_of_a_trusted_project_brings_the_agent_type_overhead_charged_once", () => {
    const laid = layOut({
      name: "x",
      agent: "codex",
      files: {
        ".codex/agents/a.toml": 'name = "a"\ndescription = "A."\n',
        ".codex/agents/b.toml": 'name = "b"\ndescription = "B."\n',
      },
      home: { ".codex/config.toml": '[projects."<R>"]\ntrust_level = "trusted"\n' },
      expected: {},
    });
    const s = run(".", laid, "user");
    expect(s.items.filter((i) => i.kind === "subagent").map((i) => [i.path, i.charged])).toEqual([
      [".codex/agents/a.toml", true],
      [".codex/agents/b.toml", true],
    ]);
    expect(s.overhead).toEqual([
      expect.objectContaining({ list: "agent roles", kind: "subagent", bytes: 164 + 2096, charged: true }),
    ]);
    expect(run(".", laid, "fresh-clone").overhead).toBeUndefined();
  });

  it("a_skills_folder_linking_out_of_the_repository_is_not_followed_and_the_walk_says_so", () => {
    const laid = layOut({
      name: "x",
      agent: "codex",
      files: { "../outside/esc/SKILL.md": skillMd("esc", "Outside.") },
      links: { ".agents/skills": "../../outside" },
      expected: {},
    });
    const s = run(".", laid, "fresh-clone");
    expect(s.items.filter((i) => i.kind === "skill")).toEqual([]);
    expect(s.findings.map((f) => [f.ruleId, f.file])).toContainEqual(["walk-stopped", ".agents/skills"]);
  });

  it("the_verify_message_of_a_codex_snapshot_holds_the_agents_md_chain_and_no_skill_entry", async () => {
    const { codexMessageOf } = await import("../../src/agents/codex/verify.js");
    const laid = layOut({
      name: "x",
      agent: "codex",
      files: { "AGENTS.md": "# a\n", ".agents/skills/s/SKILL.md": skillMd("s", "S.") },
      expected: {},
    });
    const m = codexMessageOf(run(".", laid, "fresh-clone"));
    expect(m.files.map((f) => f.text)).toEqual(["# a\n"]);
  });
});
