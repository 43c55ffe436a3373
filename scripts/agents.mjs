#!/usr/bin/env node
// The real agent CLIs the conformance tests run (test/agents/package.json, exact pins, locked by
// test/agents/package-lock.json) are not part of agent-context's own install. `npm test` installs them on
// first use through the vitest global setup (test/support/agents-setup.ts); `npm run agents` does it by hand.
//
// Idempotent: when every locked package for this platform is installed at its locked version and each
// Claude Code bin is the native binary (its postinstall ran), nothing is spawned.
//   node scripts/agents.mjs           install when missing or stale, else say it is up to date
//   node scripts/agents.mjs --check   exit 1 with the reasons when an install is needed; never installs
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const AGENTS_DIR = join(PROJECT_ROOT, "test/agents");
const CLAUDE_CODE = "@anthropic-ai/claude-code";
/** Claude Code's bin before its postinstall replaced it with the native binary is a 500-byte shell stub. */
const STUB_MAX_BYTES = 4096;

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

let musl;
function isMusl() {
  if (musl === undefined) {
    const header = process.platform === "linux" ? process.report?.getReport?.()?.header : undefined;
    musl = header !== undefined && header.glibcVersionRuntime === undefined;
  }
  return musl;
}

/** Whether a lockfile entry's os / cpu / libc fields admit this machine (npm skips it otherwise). */
function forThisPlatform(entry) {
  const admits = (list, value) => {
    if (!Array.isArray(list) || list.length === 0) return true;
    if (list.includes(`!${value}`)) return false;
    const positive = list.filter((x) => !x.startsWith("!"));
    return positive.length === 0 || positive.includes(value);
  };
  const libc = isMusl() ? "musl" : "glibc";
  return (
    admits(entry.os, process.platform) &&
    admits(entry.cpu, process.arch) &&
    (process.platform !== "linux" || admits(entry.libc, libc))
  );
}

/**
 * What is missing or stale in `dir`/node_modules (default test/agents), as sentences (paths relative to
 * `dir`); [] when the install is complete:
 * every locked package for this platform at its locked version, and each Claude Code release's bin the
 * native binary.
 */
export function agentsProblems(dir = AGENTS_DIR) {
  const lock = readJson(join(dir, "package-lock.json"));
  const problems = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path.startsWith("node_modules/") || !forThisPlatform(entry)) continue;
    const manifest = join(dir, path, "package.json");
    if (!existsSync(manifest)) {
      if (!entry.optional) problems.push(`${path} is not installed`);
      else if (!entry.os && !entry.cpu) problems.push(`${path} (optional) is not installed`);
      else problems.push(`${path} (this platform's native package) is not installed`);
      continue;
    }
    const installed = readJson(manifest);
    if (installed.version !== entry.version) {
      problems.push(`${path} is ${installed.version}, locked at ${entry.version}`);
      continue;
    }
    if (installed.name === CLAUDE_CODE) {
      const bin = `${path}/${installed.bin?.claude ?? "bin/claude.exe"}`;
      if (!existsSync(join(dir, bin)) || statSync(join(dir, bin)).size < STUB_MAX_BYTES)
        problems.push(
          `${bin} is the placeholder stub: Claude Code's postinstall (node install.cjs) did not run`,
        );
    }
  }
  return problems;
}

const NETWORK_CODES =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|EHOSTUNREACH|ENETUNREACH|ERR_SOCKET_TIMEOUT|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|CERT_HAS_EXPIRED)\b/;

function npmRegistry(dir, env) {
  const r = spawnSync("npm", ["config", "get", "registry"], { cwd: dir, env, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "the configured npm registry";
}

function pinnedList(dir = AGENTS_DIR) {
  const deps = readJson(join(dir, "package.json")).dependencies ?? {};
  return Object.entries(deps)
    .map(([key, spec]) => (spec.startsWith("npm:") ? spec.slice(4) : `${key}@${spec}`))
    .join(", ");
}

/** npm's `npm error` lines without the stack frames (at most 12). */
function npmErrors(output) {
  return output
    .split("\n")
    .filter((l) => l.startsWith("npm error") && !/^npm error\s+at /.test(l))
    .slice(0, 12);
}

export class AgentsInstallError extends Error {}

/**
 * Installs test/agents (`npm ci` there) unless it is complete already. npm's own output is shown only
 * when the install fails. Throws AgentsInstallError with a message naming the remedy.
 */
export function ensureAgents({
  dir = AGENTS_DIR,
  env = process.env,
  log = (line) => console.log(line),
} = {}) {
  const before = agentsProblems(dir);
  if (before.length === 0) return { installed: false };
  log(
    `agents: installing the pinned agent CLIs for the conformance tests into test/agents/node_modules (${pinnedList(dir)}); once, about 1 GB:`,
  );
  for (const p of before.slice(0, 5)) log(`agents:   ${p}`);
  const started = Date.now();
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--fetch-retries=1"], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...env, npm_config_loglevel: "warn", npm_config_progress: "false" },
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}`;
  if (r.status !== 0) {
    const network = output.match(NETWORK_CODES);
    if (network)
      throw new AgentsInstallError(
        [
          `agents: cannot install the pinned agent CLIs: the npm registry (${npmRegistry(dir, env)}) is unreachable (${network[1]}).`,
          "The conformance tests run the real Claude Code, Codex and Gemini CLIs; they are downloaded once into",
          "test/agents/node_modules (exact versions from test/agents/package-lock.json). Run `npm run agents`",
          "when the registry is reachable, or point npm at a mirror (`npm config set registry URL`).",
          "",
          "npm said:",
          ...npmErrors(output),
        ].join("\n"),
      );
    throw new AgentsInstallError(
      `agents: \`npm ci\` in test/agents failed (exit ${r.status ?? r.signal}):\n${output.trim()}`,
    );
  }
  const after = agentsProblems(dir);
  if (after.length > 0)
    throw new AgentsInstallError(
      [
        "agents: `npm ci` in test/agents finished, but the install is incomplete:",
        ...after.map((p) => `  ${p}`),
        "(Is ignore-scripts or --omit=optional set in your npm config? Claude Code's bin needs its postinstall",
        "and its platform package.)",
        output.trim(),
      ].join("\n"),
    );
  log(`agents: installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { installed: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv.includes("--check")) {
      const problems = agentsProblems();
      for (const p of problems) console.log(`agents: ${p}`);
      if (problems.length === 0) console.log(`agents: up to date (${pinnedList()})`);
      process.exitCode = problems.length === 0 ? 0 : 1;
    } else {
      const { installed } = ensureAgents();
      if (!installed) console.log(`agents: up to date (${pinnedList()})`);
    }
  } catch (e) {
    console.error(e instanceof AgentsInstallError ? e.message : e);
    process.exitCode = 1;
  }
}
