import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { HOOK_MISSING_LINE, workflowSnippet } from "../../src/install/init.js";
import { CONFIG_SCHEMA_URL } from "../../src/version.js";
import { agentContext } from "../support/cli-run.js";
import { repoWithLocalInstall } from "./init-helpers.js";

/** The kinds a configuration `init` writes charges: all of them, spelled out. */
const ALL_KINDS = [
  "memory",
  "import",
  "rule",
  "skill",
  "command",
  "subagent",
  "output-style",
  "auto-memory",
  "extension",
];
const HOOK = `node ${resolve(import.meta.dirname, "../../dist/hook.cjs")}`;
const MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash";

async function run(args: string[], cwd: string) {
  const r = await agentContext(args, { cwd, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function repo(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "ac-init-"));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const read = (dir: string, p: string) => readFileSync(join(dir, p), "utf8");

describe("agent-context init", () => {
  it("in_a_fresh_repository_writes_the_config_and_creates_settings_with_the_hook", async () => {
    const dir = repo();
    const r = await run(["init", "."], dir);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // An empty launch set never gets a cap of 0 (no change could ever pass): the default instead.
    expect(JSON.parse(read(dir, ".agent-context.json"))).toEqual({
      $schema: CONFIG_SCHEMA_URL,
      cap: 4096,
      charge: ALL_KINDS,
    });
    expect(r.stdout).toContain("cap set to the default, 4096 bytes (the launch context is 0 bytes");
    expect(JSON.parse(read(dir, ".claude/settings.json"))).toEqual({
      hooks: { PreToolUse: [{ matcher: MATCHER, hooks: [{ type: "command", command: HOOK }] }] },
    });
  });

  it("a_launch_set_within_the_default_cap_gets_the_default_cap_and_one_over_it_gets_its_total", async () => {
    const small = repo({ "AGENTS.md": "Be brief.\n" });
    expect((await run(["init"], small)).code).toBe(0);
    expect(JSON.parse(read(small, ".agent-context.json"))).toEqual({
      $schema: CONFIG_SCHEMA_URL,
      cap: 4096,
      charge: ALL_KINDS,
    });
    const big = repo({ "CLAUDE.md": "x".repeat(5000) });
    expect((await run(["init"], big)).code).toBe(0);
    expect(JSON.parse(read(big, ".agent-context.json"))).toEqual({
      $schema: CONFIG_SCHEMA_URL,
      cap: 5000,
      charge: ALL_KINDS,
    });
  });

  it("the_new_cap_is_the_launch_total_that_cap_measures", async () => {
    const dir = repo({
      "CLAUDE.md": "# Project\n\nSee @docs/conventions.md\n",
      "docs/conventions.md": "Use tabs.\n".repeat(500),
      ".claude/rules/style.md": "Prefer small functions.\n",
      ".claude/rules/api.md": "---\npaths:\n  - src/api/**\n---\nAPI rule.\n",
    });
    const total = JSON.parse((await run(["cap", ".", "--json"], dir)).stdout).total as number;
    expect(total).toBeGreaterThan(200);
    expect((await run(["init"], dir)).code).toBe(0);
    expect(JSON.parse(read(dir, ".agent-context.json"))).toEqual({
      $schema: CONFIG_SCHEMA_URL,
      cap: total,
      charge: ALL_KINDS,
    });
    // The ratchet starts where the repository is: cap passes at exactly the total.
    expect((await run(["cap", "."], dir)).code).toBe(0);
  });

  it("merges_into_existing_settings_keeping_other_hooks_and_settings_in_order", async () => {
    const existing = {
      permissions: { allow: ["Bash(npm test)"], deny: ["Read(.env)"] },
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./scripts/guard.sh" }] }],
        PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "npx biome format" }] }],
      },
      model: "opus",
    };
    const dir = repo({ ".claude/settings.json": `${JSON.stringify(existing, null, 2)}\n` });
    const r = await run(["init"], dir);
    expect(r.code).toBe(0);
    const after = read(dir, ".claude/settings.json");
    expect(JSON.parse(after)).toEqual({
      ...existing,
      hooks: {
        ...existing.hooks,
        PreToolUse: [
          ...existing.hooks.PreToolUse,
          { matcher: MATCHER, hooks: [{ type: "command", command: HOOK }] },
        ],
      },
    });
    expect(Object.keys(JSON.parse(after))).toEqual(["permissions", "hooks", "model"]);
    expect(after.endsWith("}\n")).toBe(true);
  });

  it("running_it_twice_changes_nothing", async () => {
    const dir = repo({ ".claude/settings.json": '{\n\t"model": "opus"\n}\n' });
    expect((await run(["init"], dir)).code).toBe(0);
    const settings = read(dir, ".claude/settings.json");
    const config = read(dir, ".agent-context.json");
    const mtimes = [
      statSync(join(dir, ".claude/settings.json")).mtimeMs,
      statSync(join(dir, ".agent-context.json")).mtimeMs,
    ];
    const second = await run(["init"], dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("hook already installed");
    expect(read(dir, ".claude/settings.json")).toBe(settings);
    expect(read(dir, ".agent-context.json")).toBe(config);
    expect([
      statSync(join(dir, ".claude/settings.json")).mtimeMs,
      statSync(join(dir, ".agent-context.json")).mtimeMs,
    ]).toEqual(mtimes);
  });

  it("keeps_the_settings_file_indentation", async () => {
    const dir = repo({ ".claude/settings.json": '{\n\t"model": "opus"\n}\n' });
    await run(["init"], dir);
    expect(read(dir, ".claude/settings.json")).toMatch(
      /^\{\n\t"model": "opus",\n\t"hooks": \{\n\t\t"PreToolUse"/,
    );
  });

  it.each([
    ["invalid JSON", '{ "model": "opus", }\n'],
    ["an array", "[1, 2]\n"],
    ["hooks of the wrong type", '{"hooks": ["x"]}\n'],
    ["PreToolUse of the wrong type", '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}\n'],
  ])("a_malformed_settings_file_%s_is_reported_and_left_untouched_byte_for_byte", async (_name, text) => {
    const dir = repo({ ".claude/settings.json": text });
    const r = await run(["init"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(dir, ".claude/settings.json"));
    expect(r.stderr).toContain("left untouched");
    expect(r.stderr).not.toContain("    at ");
    expect(read(dir, ".claude/settings.json")).toBe(text);
    // No partial write: the config is not written either, and no temp file is left behind.
    expect(existsSync(join(dir, ".agent-context.json"))).toBe(false);
    expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.json"]);
  });

  it("an_existing_config_is_never_rewritten", async () => {
    const cfg = '{ "cap": 9000, "routers": [".agent-context/routers/*.md"] }';
    const dir = repo({ ".agent-context.json": cfg });
    const r = await run(["init"], dir);
    expect(r.code).toBe(0);
    expect(read(dir, ".agent-context.json")).toBe(cfg);
    expect(r.stdout).toContain("cap 9000");
  });

  it("a_malformed_config_is_reported_and_nothing_is_written", async () => {
    const dir = repo({ ".agent-context.json": "{cap: 1}" });
    const r = await run(["init"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(".agent-context.json");
    expect(existsSync(join(dir, ".claude"))).toBe(false);
  });

  it("dry_run_writes_nothing", async () => {
    const dir = repo();
    const r = await run(["init", "--dry-run"], dir);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(r.stdout).toContain("(dry run)");
  });

  it("ends_with_the_workflow_the_readme_and_docs_ci_show_running_the_shipped_action_with_the_comments_permission", async () => {
    const r = await run(["init"], repo());
    const printed = r.stdout.slice(r.stdout.indexOf("# .github/workflows/agent-context.yml"));
    expect(printed).toBe(workflowSnippet());
    for (const doc of ["README.md", "docs/ci.md"])
      expect(readFileSync(resolve(import.meta.dirname, "../..", doc), "utf8"), doc).toContain(
        `\`\`\`yaml\n${printed}\`\`\`\n`,
      );
    const job = parse(printed).jobs["agent-context"];
    expect(job.permissions).toEqual({ contents: "read", "pull-requests": "write" });
    expect(
      job.steps.filter((s: { uses?: string }) => s.uses === "./node_modules/agent-context"),
    ).toHaveLength(2);
    expect(printed).not.toContain("OWNER");
  });

  it("a_missing_directory_is_a_usage_error", async () => {
    const r = await run(["init", "no/such/dir"], repo());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("DIR no/such/dir: no such directory");
  });
});

describe("agent-context init, adoption", () => {
  it("on_a_repository_over_the_default_cap_notes_in_one_line_that_the_cap_starts_above_the_default", async () => {
    const dir = repo({ "CLAUDE.md": `${"x".repeat(5000)}\n` });
    const r = await run(["init"], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(read(dir, ".agent-context.json"))).toEqual({
      $schema: CONFIG_SCHEMA_URL,
      cap: 5000,
      charge: ALL_KINDS,
    });
    const notes = r.stdout.split("\n").filter((l) => l.includes("over the default cap"));
    expect(notes).toEqual([
      "note: 5000 bytes is over the default cap of 4096; the ratchet starts at 5000 and only goes down from there",
    ]);
    expect((await run(["init"], repo({ "CLAUDE.md": "small\n" }))).stdout).not.toContain(
      "over the default cap",
    );
  });

  it("installed_inside_the_repository_writes_the_hook_through_claude_project_dir_and_a_second_run_changes_nothing", () => {
    const { dir, cli } = repoWithLocalInstall();
    const runLocal = () => {
      const r = spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const r = runLocal();
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const command = `f="$CLAUDE_PROJECT_DIR/node_modules/agent-context/dist/hook.cjs"; [ -f "$f" ] && exec node "$f"; cat >/dev/null; echo '${HOOK_MISSING_LINE}' >&2`;
    expect(JSON.parse(read(dir, ".claude/settings.json"))).toEqual({
      hooks: { PreToolUse: [{ matcher: MATCHER, hooks: [{ type: "command", command }] }] },
    });
    expect(r.stdout).not.toContain("this machine");
    const settings = read(dir, ".claude/settings.json");
    expect(runLocal().stdout).toContain("hook already installed");
    expect(read(dir, ".claude/settings.json")).toBe(settings);
  });

  it("a_repository_holding_the_absolute_form_counts_as_installed_for_a_local_install", () => {
    const { dir, cli } = repoWithLocalInstall();
    const abs = `node ${join(dir, "node_modules/agent-context/dist/hook.cjs")}`;
    const text = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: MATCHER, hooks: [{ type: "command", command: abs }] }] } }, null, 2)}\n`;
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude/settings.json"), text);
    const r = spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" });
    expect(r.stdout).toContain("hook already installed");
    expect(read(dir, ".claude/settings.json")).toBe(text);
  });

  it("a_hook_an_earlier_release_wrote_as_dist_hook_mjs_counts_as_installed", async () => {
    for (const legacy of [
      'node "$CLAUDE_PROJECT_DIR/node_modules/agent-context/dist/hook.mjs"',
      'node "$CLAUDE_PROJECT_DIR/node_modules/agent-context/dist/hook.cjs"',
      `f="$CLAUDE_PROJECT_DIR/node_modules/agent-context/dist/hook.cjs"; [ -f "$f" ] && exec node "$f"; echo '${HOOK_MISSING_LINE}' >&2`,
      "ABS",
    ]) {
      const { dir, cli } = repoWithLocalInstall();
      const command =
        legacy === "ABS" ? `node ${join(dir, "node_modules/agent-context/dist/hook.mjs")}` : legacy;
      const text = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: MATCHER, hooks: [{ type: "command", command }] }] } }, null, 2)}\n`;
      mkdirSync(join(dir, ".claude"));
      writeFileSync(join(dir, ".claude/settings.json"), text);
      const r = spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" });
      expect(r.stdout).toContain("hook already installed");
      expect(read(dir, ".claude/settings.json")).toBe(text);
    }
    const elsewhere = repo();
    const text = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: MATCHER, hooks: [{ type: "command", command: HOOK.replace(/hook\.cjs$/, "hook.mjs") }] }] } }, null, 2)}\n`;
    mkdirSync(join(elsewhere, ".claude"));
    writeFileSync(join(elsewhere, ".claude/settings.json"), text);
    expect((await run(["init"], elsewhere)).stdout).toContain("hook already installed");
    expect(read(elsewhere, ".claude/settings.json")).toBe(text);
  });

  it("the_committed_hook_command_in_a_clone_without_the_package_reads_its_input_to_the_end_and_exits_0", () => {
    // A shell that exits before the hook input is written breaks the writer's pipe (EPIPE in about one
    // call in seven without the drain): Claude Code writes the input as these calls do.
    const { dir, cli } = repoWithLocalInstall();
    expect(spawnSync(process.execPath, [cli, "init"], { cwd: dir, encoding: "utf8" }).status).toBe(0);
    const command = JSON.parse(read(dir, ".claude/settings.json")).hooks.PreToolUse[0].hooks[0].command;
    const input = JSON.stringify({
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      pad: "x".repeat(4096),
    });
    const empty = mkdtempSync(join(tmpdir(), "ac-no-package-"));
    for (let i = 0; i < 60; i++) {
      const r = spawnSync("sh", ["-c", command], {
        cwd: empty,
        encoding: "utf8",
        input,
        env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: empty },
      });
      expect(r.error).toBeUndefined();
      expect([r.status, r.stdout, r.stderr]).toEqual([0, "", `${HOOK_MISSING_LINE}\n`]);
    }
  });

  it("installed_outside_the_repository_keeps_the_absolute_path_and_says_it_is_specific_to_this_machine", async () => {
    const dir = repo();
    const r = await run(["init"], dir);
    expect(JSON.parse(read(dir, ".claude/settings.json")).hooks.PreToolUse[0].hooks[0].command).toBe(HOOK);
    const notes = r.stdout.split("\n").filter((l) => l.includes("this machine"));
    expect(notes).toHaveLength(1);
    expect((await run(["init"], dir)).stdout).not.toContain("this machine");
  });
});

describe("agent-context init --adopt-kinds", () => {
  /** The file init wrote before `charge` existed. */
  const BEFORE_KINDS = '{\n  "cap": 4096\n}\n';

  it("adds_every_kind_to_a_configuration_written_before_kinds_and_changes_nothing_else", async () => {
    const dir = repo({ "CLAUDE.md": "Be brief.\n", ".agent-context.json": BEFORE_KINDS });
    const r = await run(["init", "--adopt-kinds"], dir);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // This repository has no skills, subagents or commands: the caps stay; only the key is added.
    expect(read(dir, ".agent-context.json")).toBe(
      `{\n  "cap": 4096,\n  "charge": [\n${ALL_KINDS.map((k) => `    "${k}"`).join(",\n")}\n  ]\n}\n`,
    );
    expect(r.stdout).toContain(`.agent-context.json: charges ${ALL_KINDS.join(", ")}; no cap changes`);
    expect((await run(["cap", "."], dir)).code).toBe(0);
    // A second run finds every kind charged and leaves the file alone.
    expect((await run(["init", "--adopt-kinds"], dir)).stdout).toContain(
      ".agent-context.json already charges",
    );
  });

  it("adopts_only_the_kinds_named_and_a_dry_run_writes_nothing", async () => {
    const dir = repo({ ".agent-context.json": BEFORE_KINDS });
    const dry = await run(["init", "--adopt-kinds", "skill,subagent", "--dry-run"], dir);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "(dry run) .agent-context.json: charges memory, import, rule, skill, subagent",
    );
    expect(read(dir, ".agent-context.json")).toBe(BEFORE_KINDS);
    expect((await run(["init", "--adopt-kinds", "skill,subagent"], dir)).code).toBe(0);
    expect(JSON.parse(read(dir, ".agent-context.json")).charge).toEqual([
      "memory",
      "import",
      "rule",
      "skill",
      "subagent",
    ]);
  });

  it("an_unknown_kind_is_a_usage_error_and_nothing_is_written", async () => {
    const dir = repo({ ".agent-context.json": BEFORE_KINDS });
    const r = await run(["init", "--adopt-kinds", "skills"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--adopt-kinds skills: give kinds from memory, import, rule, skill");
    expect(read(dir, ".agent-context.json")).toBe(BEFORE_KINDS);
    expect(existsSync(join(dir, ".claude/settings.json"))).toBe(false);
  });

  it("a_configuration_without_charge_is_reported_as_charging_memory_imports_and_rules", async () => {
    const dir = repo({ "CLAUDE.md": "Be brief.\n", ".agent-context.json": BEFORE_KINDS });
    const j = JSON.parse((await run(["cap", ".", "--json"], dir)).stdout);
    expect(j.charge).toEqual({ kinds: ["memory", "import", "rule"], source: "default" });
    expect(j.unadopted).toBeNull();
  });
});
