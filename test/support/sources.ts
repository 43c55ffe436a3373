/**
 * Runs a pinned agent CLI offline on a sources case (test/conformance/sources.fixtures.ts) and reads, out
 * of its first request, the lists that skills, subagents, commands, output styles, auto memory and
 * extensions add: each list's entries as the CLI wrote them, with this machine's paths replaced by the
 * placeholders `<R>` (the repository), `<H>` (HOME) and `<C>` (Claude Code's config dir), so the recorded
 * texts are the same on every machine. Built-in entries (the CLI's own skills and agents) are dropped: a
 * Claude Code or Gemini CLI list loses the entries an empty repository's run shows, byte for byte.
 * Settled on Claude Code 2.1.332 and 2.1.197, Codex 0.171.0, Gemini CLI 0.61.0, Copilot CLI 1.0.102
 * (docs/findings-sources-*.md).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RecordedRequest } from "../../src/verify/upstream.js";
import { claudeProjectKey, type SourcesCase } from "../conformance/sources.fixtures.js";
import { launchFiles, parseSections, runClaude } from "./claude.js";
import { codexBin } from "./codex.js";
import { tempDir, writeLayout } from "./codex-layout.js";
import { runCopilot } from "./copilot.js";
import { launchBlocks, runGemini } from "./gemini.js";
import { runProcess } from "./process.js";

/** What one run delivered: per list id, the entries in order; `present` holds the list ids whose header was seen. */
export interface SourcesRun {
  entries: Record<string, string[]>;
  present: string[];
  /** Every text of the first request with placeholders, for `contains` checks. */
  whole: string;
  /** Bytes of the memory files' texts the CLI sent (CLAUDE/AGENTS/GEMINI files and rules, not their framing). */
  memoryBytes: number;
  code: number | null;
  stderr: string;
}

/** The fixed texts around each list (the CLI's per-list overhead), as the CLIs write them. */
export const LIST_HEADERS = {
  "claude-code.skills": "The following skills are available for use with the Skill tool:\n\n",
  "claude-code.agents": "Available agent types for the Agent tool:\n",
  "claude-code.agents.footer":
    "\n\nWhen you launch multiple agents for independent work, send them in a single message with multiple tool uses so they run concurrently.",
  "codex.skills":
    "<skills_instructions>\n## Skills\nA skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table.\n### Skill roots\n",
  "codex.skills.available": "### Available skills\n",
  "codex.skills.footer": "\n</skills_instructions>",
  "gemini-cli.skills":
    "# Available Agent Skills\n\nYou have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.\n\n<available_skills>\n",
  "gemini-cli.subagents": "<available_subagents>\n",
  "gemini-cli.extensions": "<extension_context>\n",
  "copilot-cli.skills": "<skill>\n<available_skills>\n",
  "copilot-cli.skills.footer": "\n</available_skills>\n</skill>",
  "copilot-cli.agents": "\n\nUser-provided custom agents:\n",
  "codex.agent-roles":
    "Agent type override for the new agent. Omit unless explicitly asked. The selected role applies regardless of how much parent history is inherited.\nAvailable roles:\n",
} as const;

/** One CLI run's limit: generous, as the machine is shared (a run takes 2-10 s unloaded). */
const RUN_TIMEOUT_MS = 180_000;

function placeholders(text: string, map: [string, string][]): string {
  let out = text;
  for (const [abs, ph] of map) out = out.split(abs).join(ph);
  return out;
}

/** Splits a Claude Code list body into entries: each starts at a line beginning with "- ". */
function dashEntries(body: string): string[] {
  if (body === "") return [];
  return body.split(/\n(?=- )/);
}

function between(text: string, start: string, end: string | RegExp): string | undefined {
  const i = text.indexOf(start);
  if (i < 0) return undefined;
  const rest = text.slice(i + start.length);
  const j = typeof end === "string" ? rest.indexOf(end) : rest.search(end);
  return j < 0 ? rest : rest.slice(0, j);
}

// biome-ignore lint/suspicious/noExplicitAny: message content from the API
function claudeTexts(body: any): string[] {
  const sys = ((body?.system ?? []) as { text?: string }[]).map((b) => b.text ?? "");
  // biome-ignore lint/suspicious/noExplicitAny: message list
  const msgs = ((body?.messages ?? []) as any[]).flatMap((m) =>
    typeof m.content === "string"
      ? [m.content as string]
      : // biome-ignore lint/suspicious/noExplicitAny: blocks
        ((m.content ?? []) as any[]).filter((b) => b.type === "text").map((b) => b.text as string),
  );
  return [...sys, ...msgs];
}

const AUTO_MEMORY_LABEL = "user's auto-memory, persists across conversations";

function claudeLists(
  raw: string[],
  map: [string, string][],
): { entries: Record<string, string[]>; present: string[] } {
  const entries: Record<string, string[]> = {};
  const present: string[] = [];
  for (const r of raw) {
    const t = placeholders(r, map);
    const agents = between(t, LIST_HEADERS["claude-code.agents"], LIST_HEADERS["claude-code.agents.footer"]);
    if (agents !== undefined) {
      present.push("claude-code.agents");
      entries["claude-code.agents"] = dashEntries(agents);
    }
    const skills = between(t, LIST_HEADERS["claude-code.skills"], /\n\n(?!- )|$/);
    if (skills !== undefined) {
      present.push("claude-code.skills");
      entries["claude-code.skills"] = dashEntries(skills);
    }
    // Sections name absolute paths: parsed before the placeholders go in.
    for (const s of parseSections(r))
      if (s.label === AUTO_MEMORY_LABEL) {
        present.push("claude-code.auto-memory");
        entries["claude-code.auto-memory"] = [placeholders(s.text, map)];
      }
  }
  return { entries, present };
}

async function runClaudeCase(
  c: SourcesCase,
  repo: string,
  home: string,
  config: string,
): Promise<SourcesRun> {
  const r = await runClaude({
    cwd: join(repo, c.cwd ?? "."),
    home,
    configDir: config,
    timeoutMs: RUN_TIMEOUT_MS,
    ...(c.release ? { release: c.release } : {}),
    ...(c.env ? { env: c.env } : {}),
    ...(c.args ? { args: c.args.map((a) => a.replaceAll("<R>", repo)) } : {}),
  });
  const body = (r.mainRequests[0] as RecordedRequest | undefined)?.body;
  const map: [string, string][] = [
    [config, "<C>"],
    [repo, "<R>"],
    [home, "<H>"],
  ];
  const raw = claudeTexts(body);
  const texts = raw.map((t) => placeholders(t, map));
  const memoryBytes = r.mainRequests[0]
    ? launchFiles(r)
        .filter((f) => f.label !== AUTO_MEMORY_LABEL)
        .reduce((n, f) => n + Buffer.byteLength(f.text), 0)
    : 0;
  return { ...claudeLists(raw, map), whole: texts.join("\n"), memoryBytes, code: r.code, stderr: r.stderr };
}

async function runCodexCase(c: SourcesCase, repo: string, home: string): Promise<SourcesRun> {
  const codexHome = join(home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  const r = await runProcess(codexBin(), ["debug", "prompt-input", "hi"], {
    cwd: join(repo, c.cwd ?? "."),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: codexHome, ...c.env },
    timeoutMs: RUN_TIMEOUT_MS,
  });
  const texts: string[] = [];
  try {
    const items = JSON.parse(r.stdout) as { content?: { text?: string }[] }[];
    for (const it of items)
      for (const ct of it.content ?? []) if (typeof ct.text === "string") texts.push(ct.text);
  } catch {
    // not JSON: no lists; the test reads code and stderr
  }
  const map: [string, string][] = [
    [repo, "<R>"],
    [home, "<H>"],
  ];
  const block = texts.find((t) => t.startsWith("<skills_instructions>"));
  const entries: Record<string, string[]> = {};
  const present: string[] = [];
  if (block !== undefined) {
    // The block's fixed text, checked whole: what the model reports as this list's overhead.
    if (
      block.startsWith(LIST_HEADERS["codex.skills"]) &&
      block.includes(`\n${LIST_HEADERS["codex.skills.available"]}`) &&
      block.endsWith(LIST_HEADERS["codex.skills.footer"])
    )
      present.push("codex.skills");
    const roots = between(block, "### Skill roots\n", "\n### Available skills\n") ?? "";
    const rootLines = roots.split("\n");
    const system = rootLines.find((l) => l.endsWith("/.codex/skills/.system`"));
    const systemId = system ? /`(r\d+)`/.exec(system)?.[1] : undefined;
    entries["codex.skill-roots"] = rootLines
      .filter((l) => l !== system && l !== "")
      .map((l) => placeholders(l, map));
    const list = between(block, "### Available skills\n", "\n</skills_instructions>") ?? "";
    entries["codex.skills"] = list
      .split("\n")
      .filter((l) => l !== "" && !(systemId && l.includes(`(file: ${systemId}/`)))
      .map((l) => placeholders(l, map));
  }
  const agentsMessage = texts.find((t) => t.startsWith("# AGENTS.md instructions")) ?? "";
  return {
    entries,
    present,
    memoryBytes: Buffer.byteLength(agentsMessage),
    whole: placeholders(texts.join("\n"), map),
    code: r.code,
    stderr: r.stderr,
  };
}

/** Every string inside a JSON value, depth first. */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === "object") return Object.values(v).flatMap(strings);
  return [];
}

const ROLES = "\nAvailable roles:\n";
/**
 * Codex 0.171.0's own roles. They are listed only once a custom role exists (without one, `spawn_agent`
 * has no `agent_type` parameter), so they are part of that list's overhead, not entries.
 */
export const CODEX_BUILTIN_ROLES = ["default", "explorer", "worker"];

/**
 * Codex's custom agent roles reach only the `spawn_agent` tool's spec, which `debug prompt-input` does not
 * print: `codex exec` runs against a loopback Responses server that records the first request and answers
 * 500 (no retries), so nothing leaves the machine.
 */
async function runCodexExecCase(c: SourcesCase, repo: string, home: string): Promise<SourcesRun> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(500, { "content-type": "application/json" });
      res.end('{"error":{"message":"offline"}}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const codexHome = join(home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  let r: Awaited<ReturnType<typeof runProcess>>;
  try {
    r = await runProcess(
      codexBin(),
      [
        "-c",
        `model_providers.loopback={name="loopback",base_url="${url}/v1",wire_api="responses",request_max_retries=0,stream_max_retries=0}`,
        "-c",
        'model_provider="loopback"',
        "exec",
        "--skip-git-repo-check",
        "hi",
      ],
      {
        cwd: join(repo, c.cwd ?? "."),
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: home,
          CODEX_HOME: codexHome,
          OPENAI_API_KEY: "offline",
        },
        timeoutMs: RUN_TIMEOUT_MS,
      },
    );
  } finally {
    await new Promise<void>((ok) => server.close(() => ok()));
  }
  const map: [string, string][] = [
    [repo, "<R>"],
    [home, "<H>"],
  ];
  let first: unknown;
  try {
    first = bodies[0] ? JSON.parse(bodies[0]) : undefined;
  } catch {
    first = undefined;
  }
  const roleText = strings(first).find((t) => t.includes(ROLES));
  const entries: Record<string, string[]> = {};
  const present: string[] = [];
  if (roleText !== undefined) {
    if (roleText.startsWith(LIST_HEADERS["codex.agent-roles"])) present.push("codex.agent-roles");
    const list = roleText.slice(roleText.indexOf(ROLES) + ROLES.length);
    entries["codex.agent-roles"] = list
      .split(/\n(?=[^\n{}]+: \{\n)/)
      .filter((e) => !CODEX_BUILTIN_ROLES.includes(e.slice(0, e.indexOf(": {"))))
      .map((e) => placeholders(e, map));
  }
  // exec exits non-zero once the upstream refuses; the request is what counts.
  return {
    entries,
    present,
    whole: placeholders(bodies[0] ?? "", map),
    memoryBytes: 0,
    code: bodies.length > 0 ? 0 : r.code,
    stderr: r.stderr,
  };
}

const GEMINI_BUILTIN_LOCATION = /<location>[^<]*\/bundle\/builtin\/[^<]*<\/location>/;

async function runGeminiCase(c: SourcesCase, repo: string, home: string): Promise<SourcesRun> {
  const r = await runGemini({
    cwd: join(repo, c.cwd ?? "."),
    home,
    timeoutMs: RUN_TIMEOUT_MS,
    ...(c.env ? { env: c.env } : {}),
  });
  const b = r.mainRequests[0]?.body;
  const map: [string, string][] = [
    [repo, "<R>"],
    [home, "<H>"],
  ];
  const partsText = (parts: { text?: string }[] | undefined): string =>
    (parts ?? []).map((p) => p.text ?? "").join("");
  const sys = placeholders(partsText(b?.systemInstruction?.parts), map);
  const user = placeholders(partsText(b?.contents?.[0]?.parts), map);
  const entries: Record<string, string[]> = {};
  const present: string[] = [];
  const skills = between(sys, LIST_HEADERS["gemini-cli.skills"], "\n</available_skills>");
  if (skills !== undefined) {
    present.push("gemini-cli.skills");
    entries["gemini-cli.skills"] = skills
      .split(/\n(?= {2}<skill>)/)
      .filter((e) => e !== "" && !GEMINI_BUILTIN_LOCATION.test(e));
  }
  const agents = between(sys, LIST_HEADERS["gemini-cli.subagents"], "\n</available_subagents>");
  if (agents !== undefined) {
    present.push("gemini-cli.subagents");
    entries["gemini-cli.subagents"] = agents.split(/\n(?= {2}<subagent>)/).filter((e) => e !== "");
  }
  const ext = between(user, LIST_HEADERS["gemini-cli.extensions"], "\n</extension_context>");
  if (ext !== undefined) {
    present.push("gemini-cli.extensions");
    entries["gemini-cli.extensions"] = [
      ...ext.matchAll(/--- Context from: (.+?) ---\n[\s\S]*?\n--- End of Context from: \1 ---/g),
    ].map((m) => m[0]);
  }
  const memoryBytes = b ? launchBlocks(r).reduce((n, x) => n + Buffer.byteLength(x.block), 0) : 0;
  return { entries, present, whole: `${sys}\n${user}`, memoryBytes, code: r.code, stderr: r.stderr };
}

async function runCopilotCase(c: SourcesCase, repo: string, home: string): Promise<SourcesRun> {
  const r = await runCopilot({
    cwd: join(repo, c.cwd ?? "."),
    home,
    timeoutMs: RUN_TIMEOUT_MS,
    ...(c.env ? { env: c.env } : {}),
  });
  const map: [string, string][] = [
    [repo, "<R>"],
    [home, "<H>"],
  ];
  const system = placeholders(r.system, map);
  const entries: Record<string, string[]> = {};
  const present: string[] = [];
  const skills = between(
    system,
    LIST_HEADERS["copilot-cli.skills"],
    LIST_HEADERS["copilot-cli.skills.footer"],
  );
  if (skills !== undefined) {
    present.push("copilot-cli.skills");
    entries["copilot-cli.skills"] = skills
      .split(/\n(?=<skill>\n)/)
      .filter((e) => e !== "" && !e.includes("<location>builtin</location>"));
  }
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAI API's JSON
  const tools = (r.requests[0]?.body?.tools ?? []) as any[];
  const task = tools.find((t) => t?.function?.name === "task");
  const desc = placeholders((task?.function?.description as string | undefined) ?? "", map);
  const agents = between(desc, LIST_HEADERS["copilot-cli.agents"], /$/);
  if (agents !== undefined) {
    present.push("copilot-cli.agents");
    entries["copilot-cli.agents"] = agents.split("\n\n");
  }
  return {
    entries,
    present,
    whole: `${system}\n${desc}`,
    memoryBytes: Buffer.byteLength(r.region),
    code: r.code,
    stderr: r.stderr,
  };
}

const created: string[] = [];

/** Removes every temp folder the runs of this process made (call from afterAll). */
export function removeSourcesDirs(): void {
  for (const d of created.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Runs a case's agent in an existing repository `repo` (absolute, real) with a fresh HOME. */
export function runSourcesIn(c: SourcesCase, repo: string): Promise<SourcesRun> {
  const base = tempDir("ac-src-home-");
  created.push(base);
  const home = join(base, "home");
  const config = join(home, ".claude-config");
  mkdirSync(config, { recursive: true });
  return runAgent(c, repo, home, config);
}

function runAgent(c: SourcesCase, repo: string, home: string, config: string): Promise<SourcesRun> {
  switch (c.agent) {
    case "claude-code":
      return runClaudeCase(c, repo, home, config);
    case "codex":
      return c.codexExec ? runCodexExecCase(c, repo, home) : runCodexCase(c, repo, home);
    case "gemini-cli":
      return runGeminiCase(c, repo, home);
    case "copilot-cli":
      return runCopilotCase(c, repo, home);
  }
}

/** Writes a case's files (repository, HOME, Claude config dir) and runs its agent once. */
export async function runSourcesCase(c: SourcesCase): Promise<SourcesRun> {
  const base = tempDir("ac-src-");
  created.push(base);
  const repo = join(base, c.repoDir ?? "repo");
  const home = join(base, "home");
  const config = join(home, ".claude-config");
  mkdirSync(repo, { recursive: true });
  mkdirSync(config, { recursive: true });
  // Files given with a leading "../" land beside the repository (its parent folder: an ancestor).
  writeLayout(repo, {
    ...(c.git === false ? {} : { ".git": { git: true } }),
    ...Object.fromEntries(Object.entries(c.files).map(([k, v]) => [k, v])),
    ...Object.fromEntries(Object.entries(c.links ?? {}).map(([k, v]) => [k, { link: v }])),
  });
  // In a HOME file, `<R>` is the repository's path and `SHA256:<rel>` the sha256 of a repository file's text.
  const homeText = (v: string): string =>
    v.replaceAll("<R>", repo).replace(/SHA256:([^"\s]+)/g, (_, rel: string) =>
      createHash("sha256")
        .update(readFileSync(join(repo, rel)))
        .digest("hex"),
    );
  if (c.home) writeLayout(home, Object.fromEntries(Object.entries(c.home).map(([k, v]) => [k, homeText(v)])));
  // In a config dir file, `<C>` is the config dir's path and `<R>` the repository's (plugin install records).
  if (c.config)
    writeLayout(
      config,
      Object.fromEntries(
        Object.entries(c.config).map(([k, v]) => [k, v.replaceAll("<C>", config).replaceAll("<R>", repo)]),
      ),
    );
  if (c.autoMemory !== undefined)
    writeLayout(config, { [`projects/${claudeProjectKey(repo)}/memory/MEMORY.md`]: c.autoMemory });
  return runAgent(c, repo, home, config);
}
