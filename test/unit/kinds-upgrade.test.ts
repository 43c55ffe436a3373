/**
 * Upgrading without breaking a team's CI (issue 26): a repository whose `.agent-context.json` was written by
 * the release before kinds (the exact file `init` wrote then, and one with per-agent caps) stays green when
 * the agent's model starts listing skills, subagents and commands; `init --adopt-kinds` charges them and
 * raises each cap by exactly their bytes; the ratchet accepts that raise in the adopting change only, says so
 * in the pull-request comment, and fails a raise of one byte more. The "upgrade" is a throwaway agent
 * registered at run time whose model gains the new kinds; the command line runs in process on a real git
 * repository.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAgent } from "../../src/agents/index.js";
import type { ContextItem, ItemKind } from "../../src/model/index.js";
import { cliInProcess as cli } from "../support/cli-in-process.js";
import { stubAgent } from "../support/stub-agent.js";

/** The file `init` wrote before `charge` existed: `JSON.stringify({cap}, null, 2)` and a newline. */
const WRITTEN_BY_THE_RELEASE_BEFORE = '{\n  "cap": 4096\n}\n';
/** A hand-edited configuration with per-agent caps, as teams running several agents have. */
const PER_AGENT =
  '{\n  "cap": 4096,\n  "agents": {\n    "upgrade-toy": { "cap": 260 },\n    "codex": { "cap": 30000 }\n  }\n}\n';

const entry = (path: string, kind: ItemKind, bytes: number): ContextItem => ({
  path,
  kind,
  loadedAt: "launch",
  bytes,
  fileBytes: bytes,
  charged: true,
  importedBy: null,
  reason: `${kind} entry`,
});

/** Which release of the model runs: before the upgrade it lists memory only. */
let upgraded = false;
/** Extra skill bytes, to grow a skill in a later change. */
let grow = 0;
const toy = stubAgent({
  id: "upgrade-toy",
  name: "Upgrade Toy",
  version: "2.0.0",
  defaultCap: 200,
  memoryFileNames: ["TOY.md"],
  items: () => [
    entry("TOY.md", "memory", 180),
    ...(upgraded
      ? [
          entry(".toy/skills/a/SKILL.md", "skill", 60 + grow),
          entry(".toy/commands/c.md", "command", 25),
          entry(".toy/agents/x.md", "subagent", 40),
        ]
      : []),
  ],
  overhead: () =>
    upgraded ? [{ list: "custom agents", kind: "subagent", bytes: 31, charged: true, why: "header" }] : [],
});
/** What the upgrade adds: 60 + 25 + 40 + 31. */
const NEW_BYTES = 156;

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const dirs: string[] = [];
let unregister: () => void = () => {};
beforeAll(() => {
  unregister = registerAgent(toy);
});
afterAll(() => {
  unregister();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A repository on `main` whose only commit holds `config`, TOY.md and a CLAUDE.md. */
function repo(config: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "ac-upgrade-")));
  dirs.push(d);
  git(d, "init", "-q", "-b", "main");
  writeFileSync(join(d, "TOY.md"), "t".repeat(180));
  writeFileSync(join(d, "CLAUDE.md"), "Be brief.\n");
  writeFileSync(join(d, ".agent-context.json"), config);
  git(d, "add", "-A");
  git(d, "commit", "-q", "-m", "base");
  return d;
}

function commit(d: string, msg: string): void {
  git(d, "add", "-A");
  git(d, "commit", "-q", "-m", msg);
}

const readConfig = (d: string) => JSON.parse(readFileSync(join(d, ".agent-context.json"), "utf8"));
const capToy = (d: string, ...more: string[]) =>
  cli("cap", d, "--agent", "upgrade-toy", "--base", "main", ...more);

describe.each([
  ["the file init wrote before kinds", WRITTEN_BY_THE_RELEASE_BEFORE, 200],
  ["a configuration with per-agent caps", PER_AGENT, 260],
])("upgrading from %s", (_name, config, toyCap) => {
  let d = "";
  beforeAll(() => {
    upgraded = false;
    grow = 0;
    d = repo(config);
  });

  it("is_green_before_the_upgrade", async () => {
    upgraded = false;
    const r = await capToy(d);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain("not charged");
  });

  it("is_green_after_the_upgrade_and_reports_the_new_kinds_bytes_with_how_to_adopt_them", async () => {
    upgraded = true;
    const r = await capToy(d);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("clean — 180 bytes of launch context");
    expect(r.stdout).toContain(`not charged: skill 60 B, command 25 B, subagent 71 B (${NEW_BYTES} bytes;`);
    expect(r.stdout).toContain("agent-context init --adopt-kinds");
    // Every agent of the repository: the real ones list no new kinds in it, and pass as before.
    expect((await cli("cap", d, "--agent", "all", "--base", "main")).status).toBe(0);
  });

  it("adopting_charges_every_kind_and_raises_the_cap_by_exactly_their_bytes", async () => {
    upgraded = true;
    git(d, "checkout", "-q", "-b", "adopt");
    const before = readFileSync(join(d, ".agent-context.json"), "utf8");
    const r = await cli("init", d, "--adopt-kinds");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      `upgrade-toy cap ${toyCap} → ${toyCap + NEW_BYTES} (+${NEW_BYTES} bytes of skill, command, subagent`,
    );
    const after = readConfig(d);
    expect(after.charge).toEqual([
      "memory",
      "import",
      "rule",
      "skill",
      "command",
      "subagent",
      "output-style",
      "auto-memory",
      "extension",
    ]);
    expect(after.agents["upgrade-toy"].cap).toBe(toyCap + NEW_BYTES);
    // What the release before wrote is kept: the default agent's cap (no new kinds in this repository) and
    // Codex's own, untouched.
    expect(after.cap).toBe(4096);
    const old = JSON.parse(before);
    if (old.agents?.codex) expect(after.agents.codex).toEqual(old.agents.codex);
    commit(d, "adopt kinds");
  });

  it("is_green_after_adopting_and_the_ratchet_says_why_the_raise_is_allowed", async () => {
    const r = await capToy(d);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      `clean — ${180 + NEW_BYTES} bytes of launch context (cap ${toyCap + NEW_BYTES}, ${toyCap - 180} to spare)`,
    );
    expect(r.stdout).toContain(
      `ratchet: this change adopts skill, command, subagent, output-style, auto-memory, extension (${NEW_BYTES} bytes measured now): the cap may rise by exactly that, from ${toyCap} at main to at most ${toyCap + NEW_BYTES}; it is ${toyCap + NEW_BYTES}`,
    );
    expect(r.stdout).not.toContain("not charged:");
    const md = (await capToy(d, "--format", "markdown")).stdout;
    expect(md).toContain("✅ pass");
    expect(md).toContain(
      `ratchet: this change adopts skill, command, subagent, output-style, auto-memory, extension (${NEW_BYTES} bytes measured now)`,
    );
    const j = JSON.parse((await capToy(d, "--json")).stdout);
    expect(j.ratchet).toMatchObject({ ok: true, baseCap: toyCap, currentCap: toyCap + NEW_BYTES });
    expect(j.ratchet.charging).toMatchObject({ allowance: NEW_BYTES, dropped: [], kindCaps: [] });
    // Every agent: the real ones adopt kinds they do not list here (0 bytes) and keep their caps.
    expect((await cli("cap", d, "--agent", "all", "--base", "main")).status).toBe(0);
  });

  it("is_red_when_the_cap_rises_one_byte_more_than_the_adopted_bytes", async () => {
    const c = readConfig(d);
    c.agents["upgrade-toy"].cap = toyCap + NEW_BYTES + 1;
    writeFileSync(join(d, ".agent-context.json"), JSON.stringify(c));
    const r = await capToy(d);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      `ERROR: the cap was raised to ${toyCap + NEW_BYTES + 1} in .agent-context.json; it was ${toyCap} at main, and the kinds this change adopts allow at most ${toyCap + NEW_BYTES}.`,
    );
    const md = (await capToy(d, "--format", "markdown")).stdout;
    expect(md).toContain("❌ cap raised");
    expect(md).toContain(`allows at most ${(toyCap + NEW_BYTES).toLocaleString("en-US")} B`);
    const gh = (await capToy(d, "--format", "github")).stdout;
    expect(gh).toContain("title=cap-ratchet::the cap was raised to");
    git(d, "checkout", "-q", "--", ".agent-context.json");
  });

  it("once_adopted_a_later_change_gets_no_allowance", async () => {
    git(d, "checkout", "-q", "-b", "later");
    const c = readConfig(d);
    c.agents["upgrade-toy"].cap += 1;
    writeFileSync(join(d, ".agent-context.json"), JSON.stringify(c));
    const r = await cli("cap", d, "--agent", "upgrade-toy", "--base", "adopt");
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("this change adopts");
    git(d, "checkout", "-q", "--", ".agent-context.json");
    // A skill that grows past the spare is charged now, as a memory file would be.
    grow = toyCap - 180 + 5;
    const g = await cli("cap", d, "--agent", "upgrade-toy", "--base", "adopt");
    grow = 0;
    expect(g.status).toBe(1);
    expect(g.stdout).toContain("5 over the");
  });

  it("dropping_a_charged_kind_is_a_raise_in_disguise", async () => {
    const c = readConfig(d);
    c.charge = c.charge.filter((k: string) => k !== "skill");
    writeFileSync(join(d, ".agent-context.json"), JSON.stringify(c));
    const r = await cli("cap", d, "--agent", "upgrade-toy", "--base", "adopt");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      "ERROR: this change stops charging skill (charged at adopt); the charged kinds only grow",
    );
    git(d, "checkout", "-q", "--", ".agent-context.json");
  });
});

describe("caps per kind under the ratchet", () => {
  it("raising_or_removing_a_kind_cap_fails_and_lowering_it_passes", async () => {
    upgraded = true;
    const d = repo(
      `${JSON.stringify({ charge: ["memory", "import", "rule", "skill", "command", "subagent"], agents: { "upgrade-toy": { cap: 400, caps: { skill: 100 } } } })}\n`,
    );
    const set = (caps: Record<string, number> | undefined) => {
      const c = readConfig(d);
      c.agents["upgrade-toy"].caps = caps;
      writeFileSync(join(d, ".agent-context.json"), JSON.stringify(c));
    };
    set({ skill: 90 });
    expect((await capToy(d)).status).toBe(0);
    set({ skill: 101 });
    const raised = await capToy(d);
    expect(raised.status).toBe(1);
    expect(raised.stdout).toContain(
      "ERROR: the skill cap was raised to 101 in .agent-context.json; it was 100 at main",
    );
    set(undefined);
    const removed = await capToy(d);
    expect(removed.status).toBe(1);
    expect(removed.stdout).toContain("the skill cap (100 at main) was removed");
  });
});
