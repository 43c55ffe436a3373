/**
 * The agent boundary (DESIGN.md, "Architecture"; docs/agent-template.md): nothing outside src/agents/
 * imports an agent's folder, every agent folder has the same skeleton, and what lint, pointers, `init` and
 * the hook need from an agent is a capability its model declares, read through the registry (or, for the
 * hook's executable, through src/agents/hook.ts, held equal to the registry here).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { HOOK_AGENT } from "../../src/agents/hook.js";
import { agents, registerAgent } from "../../src/agents/index.js";
import { agentMemoryNames } from "../../src/agents/memory-dirs.js";
import type { AgentModel, HookOnRead } from "../../src/model/index.js";
import { pointerAgent } from "../../src/pointers/index.js";
import { fuzzAgents } from "../conformance/fuzz/agents.js";
import { stubAgent } from "../support/stub-agent.js";

const SRC = join(import.meta.dirname, "../../src");
const AGENT_FOLDERS = readdirSync(join(SRC, "agents"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const SKELETON = ["index.ts", "launch.ts", "on-read.ts", "verify.ts", "probes.ts", "release.ts"];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

/** Module specifiers a file names: static imports and re-exports, import(), and importDist("…"). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport\(|\bimportDist\()\s*"([^"]+)"/g)].map((m) => m[1] as string);
}

describe("the agent boundary", () => {
  it("no_file_outside_src_agents_imports_an_agent_folder", () => {
    const folder = new RegExp(`(^|/)agents/(${AGENT_FOLDERS.join("|")})/`);
    const offenders = sources(SRC)
      .filter((f) => !relative(SRC, f).startsWith("agents/"))
      .flatMap((f) =>
        specifiers(f)
          .filter((s) => folder.test(s))
          .map((s) => `${relative(SRC, f)}: ${s}`),
      );
    expect(AGENT_FOLDERS.length).toBe(4);
    expect(offenders).toEqual([]);
  });

  it.each(AGENT_FOLDERS)("the_%s_folder_imports_no_other_agent_and_not_the_registry", (folder) => {
    // Beside the folders, an agent may use only the shared files beneath the registry (an allowlist):
    // the registry and what reads it (memory-dirs, library, hook, codex-dirs) stand above every agent.
    const shared = new Set(["agents/release.ts", "agents/user-environment.ts"]);
    // One known crossing: what Codex never sees (missedGuidance) is found with Claude Code's import scanner.
    const known = new Set(["agents/codex/gaps.ts: agents/claude-code/text.ts"]);
    const dir = join(SRC, "agents", folder);
    const offenders = sources(dir).flatMap((f) =>
      specifiers(f)
        .filter((s) => s.startsWith("."))
        .map((s) => relative(SRC, join(f, "..", s)).replace(/\.js$/, ".ts"))
        .filter((target) => target.startsWith("agents/") && !target.startsWith(`agents/${folder}/`))
        .filter((target) => !shared.has(target))
        .map((target) => `${relative(SRC, f)}: ${target}`)
        .filter((edge) => !known.has(edge)),
    );
    expect(offenders).toEqual([]);
  });

  it.each(AGENT_FOLDERS)("the_%s_folder_has_the_skeleton_every_agent_has", (folder) => {
    const missing = SKELETON.filter((f) => !existsSync(join(SRC, "agents", folder, f)));
    expect(missing).toEqual([]);
  });

  it.each(AGENT_FOLDERS)("the_index_of_%s_exports_the_registered_model_and_no_other", async (folder) => {
    const mod = (await import(`../../src/agents/${folder}/index.ts`)) as Record<string, unknown>;
    const models = Object.values(mod).filter(
      (v): v is AgentModel => typeof v === "object" && v !== null && "launch" in v && "releases" in v,
    );
    expect(models).toHaveLength(1);
    expect(agents()).toContain(models[0]);
    // Its verified releases are declared once, in its release.ts.
    const release = (await import(`../../src/agents/${folder}/release.ts`)) as Record<string, unknown>;
    expect(Object.values(release)).toContainEqual(models[0]?.releases);
  });
});

describe("capabilities the agents declare", () => {
  it("the_hook_serves_the_one_registered_agent_that_declares_the_hook_capability", () => {
    const withHook = agents().filter((a) => a.capabilities?.hook);
    expect(withHook.map((a) => a.id)).toEqual([HOOK_AGENT.id]);
    expect(withHook[0]?.capabilities?.hook).toBe(HOOK_AGENT.hook);
  });

  it("the_on_read_module_the_hook_capability_names_exports_the_on_read_part", async () => {
    const path = HOOK_AGENT.hook.onReadModule.replace(/\.js$/, ".ts");
    const { hookOnRead } = (await import(/* @vite-ignore */ `../../src/${path}`)) as {
      hookOnRead: HookOnRead;
    };
    expect(typeof hookOnRead.attachTargets).toBe("function");
    expect(typeof hookOnRead.session).toBe("function");
  });

  it("pointers_are_written_for_the_agent_that_declares_the_pointers_capability", () => {
    expect(pointerAgent().agent.id).toBe("claude-code");
    expect(agents().filter((a) => a.capabilities?.pointers)).toEqual([pointerAgent().agent]);
  });

  it("the_memory_file_names_of_any_agent_are_the_registered_agents_bare_names", () => {
    expect([...agentMemoryNames()].sort()).toEqual([
      "AGENTS.md",
      "AGENTS.override.md",
      "CLAUDE.local.md",
      "CLAUDE.md",
      "GEMINI.md",
    ]);
    const unregister = registerAgent(stubAgent({ id: "toy-agent", memoryFileNames: ["TOY.md", "dir/X.md"] }));
    try {
      expect(agentMemoryNames().has("TOY.md")).toBe(true);
      expect(agentMemoryNames().has("dir/X.md")).toBe(false);
    } finally {
      unregister();
    }
    expect(agentMemoryNames().has("TOY.md")).toBe(false);
  });

  it("the_differential_test_drives_registered_agents_in_the_registry_order", () => {
    const ids = fuzzAgents().map((f) => f.model.id);
    expect(ids).toEqual(
      agents()
        .filter((a) => ids.includes(a.id))
        .map((a) => a.id),
    );
    expect(ids).toEqual(["claude-code", "codex", "gemini-cli", "copilot-cli"]);
  });
});
