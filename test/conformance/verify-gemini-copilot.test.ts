/**
 * `agent-context verify` for Gemini CLI 0.61.0 and GitHub Copilot CLI 1.0.102 as a user runs it: the built
 * CLI, the real pinned agent CLIs (given with --cli, or found on PATH), real temp repositories. Agreement
 * on the example repository, a read, the bundled probes, the JSON shape, `--agent all`, and — with a
 * deliberately wrong model (a double of the model, never of the CLI) — the exact disagreement.
 *
 * Every CLI run starts in `beforeAll`, two at a time (the machine is shared), and the tests read the
 * results.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { type VerifyReport, verifyRepository } from "../../src/app/verify.js";
import type { AgentModel, Snapshot } from "../../src/model/index.js";
import { spawned } from "../support/cli-run.js";
import { copilotBin, copilotLauncher, pool } from "../support/copilot.js";
import { geminiBin } from "../support/gemini.js";
import { AGENTS_DIR } from "../support/process.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const EXAMPLE = resolve(import.meta.dirname, "../../examples/acme-shop");
/** The pinned install's `gemini` as a user's PATH would hold it (a symlink to the Node bundle). */
const GEMINI_ON_PATH = join(AGENTS_DIR, "node_modules/.bin/gemini");
const READ = "packages/api/src/routes/users.ts";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function temp(prefix = "ac-verify-gc-"): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

/** A copy of the example repository. */
function exampleCopy(): string {
  const d = join(temp(), "acme-shop");
  cpSync(EXAMPLE, d, { recursive: true });
  return d;
}

/** A directory holding only `name` → `target`, for a PATH that finds that one CLI. */
function pathWith(name: string, target: string): string {
  const d = temp("ac-verify-gc-bin-");
  mkdirSync(d, { recursive: true });
  symlinkSync(target, join(d, name));
  return d;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `agent-context verify ...args` in `cwd` with PATH = `path` + the system's. */
async function verify(args: string[], cwd: string, path = ""): Promise<Run> {
  const env = {
    PATH: `${path ? `${path}:` : ""}${process.env.PATH ?? ""}`,
    HOME: process.env.HOME ?? "/root",
  };
  const { status, stdout, stderr } = await spawned(["verify", "--timeout", "150", ...args], {
    cwd,
    env,
    timeout: 0,
  });
  return { status, stdout, stderr };
}

/** The real model with its launch changed by `alter` (the double). */
function wrong(id: string, alter: (s: Snapshot) => Snapshot): AgentModel {
  const real = agentById(id);
  return { ...real, launch: (o) => alter(real.launch(o)) };
}

/** A snapshot whose text for `path` has `from` replaced by `to`. */
function replaced(s: Snapshot, path: string, from: string, to: string): Snapshot {
  const texts = new Map(s.texts);
  texts.set(path, (texts.get(path) ?? "").replace(from, to));
  return { ...s, texts };
}

const runs: Record<string, Run> = {};
const wrongRuns: Record<string, VerifyReport | Error> = {};
let started = 0;

beforeAll(async () => {
  started = Date.now();
  const tasks: [string, () => Promise<Run>][] = [
    [
      "gemini",
      () => {
        const d = exampleCopy();
        return verify(["--agent", "gemini-cli", "--cli", GEMINI_ON_PATH, "--read", join(d, READ)], d);
      },
    ],
    ["gemini-json", () => verify(["--agent", "gemini-cli", "--cli", geminiBin(), "--json"], exampleCopy())],
    ["gemini-probes", () => verify(["--agent", "gemini-cli", "--cli", GEMINI_ON_PATH, "--probes"], temp())],
    [
      "copilot-launcher",
      () => {
        const d = exampleCopy();
        return verify(["--agent", "copilot-cli", "--cli", copilotLauncher(), "--read", join(d, READ)], d);
      },
    ],
    [
      "copilot-json-native-on-path",
      () => verify(["--agent", "copilot-cli", "--json"], exampleCopy(), pathWith("copilot", copilotBin())),
    ],
    ["copilot-probes", () => verify(["--agent", "copilot-cli", "--cli", copilotBin(), "--probes"], temp())],
    [
      "all-copilot-only",
      () => verify(["--agent", "all"], exampleCopy(), pathWith("copilot", copilotLauncher())),
    ],
  ];
  const wrongTasks: [string, () => Promise<VerifyReport>][] = [
    [
      "gemini",
      () => {
        const root = exampleCopy();
        const agent = wrong("gemini-cli", (s) => replaced(s, "AGENTS.md", "pnpm", "yarn"));
        return verifyRepository({ agent, cli: GEMINI_ON_PATH, root, cwd: root, timeoutMs: 150_000 });
      },
    ],
    [
      "copilot",
      () => {
        const root = exampleCopy();
        const agent = wrong("copilot-cli", (s) => replaced(s, "AGENTS.md", "pnpm", "yarn"));
        return verifyRepository({ agent, cli: copilotBin(), root, cwd: root, timeoutMs: 150_000 });
      },
    ],
    [
      "copilot-dropped",
      () => {
        const root = exampleCopy();
        const agent = wrong("copilot-cli", (s) => ({
          ...s,
          items: s.items.filter((i) => i.path !== "CLAUDE.md"),
        }));
        return verifyRepository({ agent, cli: copilotBin(), root, cwd: root, timeoutMs: 150_000 });
      },
    ],
  ];
  await pool(
    [
      ...tasks.map(([k, t]) => async () => {
        runs[k] = await t();
      }),
      ...wrongTasks.map(([k, t]) => async () => {
        wrongRuns[k] = await t().catch((e: Error) => e);
      }),
    ],
    2,
  );
  console.log(`verify-gemini-copilot: the CLI runs took ${Math.round((Date.now() - started) / 1000)} s`);
}, 900_000);

/** What `cap --json` charges for the example repository (its total, the same in every checkout). */
function capTotal(agent: string): number {
  const r = spawnSync(process.execPath, [CLI, "cap", EXAMPLE, "--agent", agent, "--json"], {
    encoding: "utf8",
  });
  return (JSON.parse(r.stdout) as { total: number }).total;
}

const show = (r: Run | undefined) => `${r?.stdout}\n${r?.stderr}`.slice(0, 3000);

/** The report of a wrong-model run (its error, when it threw, fails the test with its message). */
function report(k: string): VerifyReport {
  const r = wrongRuns[k];
  if (r instanceof Error) throw r;
  if (!r) throw new Error(`no run ${k}`);
  return r;
}

describe("verify --agent gemini-cli on the example repository", () => {
  it("gemini_cli_0_61_0_agrees_with_the_model_and_its_release_is_named", () => {
    const r = runs.gemini;
    expect(r?.status, show(r)).toBe(0);
    expect(r?.stdout).toMatch(
      /^verify: Gemini CLI 0\.61\.0 agrees with the model on this repository — 1 file, \d+ bytes at launch as sent \(framing and paths included; cap charges 342\)/,
    );
  });

  it("a_read_file_attaches_the_same_just_in_time_context_as_the_model_says", () => {
    expect(runs.gemini?.stdout).toMatch(new RegExp(`; read ${READ}: 1 file, \\d+ bytes\\n`));
  });

  it("json_names_the_cli_the_model_release_the_launch_and_no_traffic_beyond_loopback", () => {
    const r = runs["gemini-json"];
    expect(r?.status, show(r)).toBe(0);
    const j = JSON.parse(r?.stdout ?? "{}");
    expect(j).toMatchObject({
      agent: { id: "gemini-cli", name: "Gemini CLI" },
      cli: { path: geminiBin(), release: "0.61.0" },
      model: { release: "0.61.0", exact: true, chosen: "detected" },
      launch: { files: 1 },
      reads: [],
      disagreements: [],
      traffic: { loopback: [], refused: [] },
      agrees: true,
    });
    expect(j.launch.bytes).toBeGreaterThan(0);
    // Bytes as sent hold the block framing with the copy's absolute path; beside them, cap's own total.
    expect(j.launch.charged).toBe(capTotal("gemini-cli"));
    expect(j.launch.bytes).toBeGreaterThan(j.launch.charged);
    expect(j.copied).toEqual(expect.arrayContaining(["AGENTS.md", ".gemini/settings.json"]));
    expect(j.copied).not.toContain("package.json");
  });

  it("every_bundled_gemini_probe_holds_on_0_61_0", () => {
    const r = runs["gemini-probes"];
    expect(r?.status, show(r)).toBe(0);
    expect(r?.stdout).toMatch(
      /^verify --probes: Gemini CLI 0\.61\.0 — (\d+) of \1 behaviours of the model of 0\.61\.0 hold\n/,
    );
    expect(r?.stdout).toContain("holds    just-in-time-read:");
  });
});

describe("verify --agent copilot-cli on the example repository", () => {
  it("the_npm_launcher_given_with_cli_runs_the_native_binary_and_agrees_naming_1_0_102", () => {
    const r = runs["copilot-launcher"];
    expect(r?.status, show(r)).toBe(0);
    // `cap charges` is cap's total for the example (every kind charged since it gained skills and a subagent).
    expect(r?.stdout).toMatch(
      new RegExp(
        `^verify: GitHub Copilot CLI 1\\.0\\.102 agrees with the model on this repository — 4 files, \\d+ bytes at launch as sent \\(framing and paths included; cap charges ${capTotal("copilot-cli")}\\)`,
      ),
    );
  });

  it("a_viewed_file_attaches_the_same_reminders_as_the_model_says", () => {
    expect(runs["copilot-launcher"]?.stdout).toMatch(new RegExp(`; read ${READ}: 3 files, \\d+ bytes\\n`));
  });

  it("the_native_binary_found_on_path_agrees_and_json_has_the_report_shape", () => {
    const r = runs["copilot-json-native-on-path"];
    expect(r?.status, show(r)).toBe(0);
    const j = JSON.parse(r?.stdout ?? "{}");
    expect(j).toMatchObject({
      agent: { id: "copilot-cli", name: "GitHub Copilot CLI" },
      cli: { release: "1.0.102" },
      model: { release: "1.0.102", exact: true, chosen: "detected" },
      launch: { files: 4 },
      disagreements: [],
      traffic: { loopback: [], refused: [] },
      agrees: true,
    });
    expect(j.cli.path.endsWith("/copilot")).toBe(true);
    expect(j.launch.charged).toBe(capTotal("copilot-cli"));
    expect(j.copied).toEqual(expect.arrayContaining(["AGENTS.md", "CLAUDE.md", ".claude/rules/security.md"]));
  });

  it("every_bundled_copilot_probe_holds_on_1_0_102", () => {
    const r = runs["copilot-probes"];
    expect(r?.status, show(r)).toBe(0);
    expect(r?.stdout).toMatch(
      /^verify --probes: GitHub Copilot CLI 1\.0\.102 — (\d+) of \1 behaviours of the model of 1\.0\.102 hold\n/,
    );
    expect(r?.stdout).toContain("holds    view-attaches-scoped:");
  });
});

describe("verify --agent all", () => {
  it("runs_the_cli_on_path_and_lists_the_others_as_skipped_not_failed", () => {
    const r = runs["all-copilot-only"];
    expect(r?.status, show(r)).toBe(0);
    expect(r?.stdout).toMatch(/^verify: GitHub Copilot CLI 1\.0\.102 agrees with the model/);
    for (const [name, pkg] of [
      ["claude", "@anthropic-ai/claude-code@2.1.332"],
      ["codex", "@openai/codex@0.171.0"],
      ["gemini", "@google/gemini-cli@0.61.0"],
    ])
      expect(r?.stdout).toContain(
        `\`${name}\` is not on PATH; install it (npm install -g ${pkg}, the release the model is verified on), or give its path with --cli`,
      );
    expect(r?.stdout.match(/^skipped: /gm)).toHaveLength(3);
  });
});

describe("verify against a deliberately wrong gemini or copilot model", () => {
  it("a_wrong_byte_in_a_gemini_block_is_reported_in_that_file", () => {
    const r = report("gemini");
    expect(r?.agrees).toBe(false);
    expect(r?.disagreements).toHaveLength(1);
    expect(r?.disagreements[0]).toMatchObject({ moment: "launch", kind: "text", file: "AGENTS.md" });
    expect(r?.disagreements[0]?.model).toContain("yarn");
    expect(r?.disagreements[0]?.cli).toContain("pnpm");
  });

  it("a_wrong_byte_in_a_copilot_block_is_reported_as_a_message_difference_in_that_file", () => {
    const r = report("copilot");
    expect(r?.disagreements).toHaveLength(1);
    expect(r?.disagreements[0]).toMatchObject({ moment: "launch", kind: "message", file: "AGENTS.md" });
    expect(r?.disagreements[0]?.model).toContain("yarn");
  });

  it("a_copilot_model_that_drops_a_block_disagrees", () => {
    const r = report("copilot-dropped");
    expect(r?.agrees).toBe(false);
    expect(r?.disagreements).toEqual([expect.objectContaining({ moment: "launch", kind: "message" })]);
  });
});
