/**
 * The bad-input corpus (issue 15): every command, run as a user runs it (the built CLI; the hook as `init`
 * installs it, `node <abs>/dist/hook.cjs` through a shell), against every generated hostile input
 * (test/bad-input/generate.ts), under a time bound. Each run must
 * - end within its bound (a killed run fails) with an exit status the README documents for the command
 *   (and the one the input settles, e.g. 2 for a malformed configuration);
 * - print no stack trace;
 * - name a file in every warning or error line (and the input's own file where it reports one);
 * - change no file it was not asked to change (the tree's signature before and after: `lint --fix` may
 *   change rules, `init` its two files, nothing else may change anything);
 * - keep its state files valid (the hook's session logs and the router index cache parse).
 *
 * Scale: every input at the issue's numbers except the 50,000 rules, generated here at a tenth to keep
 * the file's budget (`BAD_INPUT_SCALE=1` for all 50,000); `npm run bench -- bad-input` measures `cap`
 * and `npm run bench -- lint` lint on the full 50,000.
 *
 * How the CLI runs (test/support/cli-run.ts): `cap` spawned on every input (`node dist/cli/main.js`, as
 * a user runs it: a crash that kills the process, a signal, the real exit status, killed past its bound),
 * the hook spawned through a shell (it reads stdin), every other command in this worker (dist's runCli
 * with the run's cwd and environment: the same code without a new Node process per run). A run in the
 * worker cannot be killed: one that never ends hangs the file (`AGENT_CONTEXT_TEST_SPAWN=1` spawns every
 * run, each killed past its bound).
 *
 * The matrix is run once, in `beforeAll`, one input after another (two at a time when every run is
 * spawned), the commands of one input one after another (so each run's tree check sees only its own
 * writes); each test then asserts on one run. The big inputs are generated once.
 */
import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_INPUTS,
  type BadInput,
  type CommandId,
  DEFAULT_BOUND_MS,
  DOCUMENTED_EXITS,
  writeTree,
} from "../bad-input/generate.js";
import {
  changedPaths,
  HOOK,
  hookContext,
  pool,
  type Run,
  runProcess,
  STACK_TRACE,
  stateProblems,
  treeSignature,
} from "../bad-input/run.js";
import { agentContext, SPAWN_ALL } from "../support/cli-run.js";

process.env.BAD_INPUT_SCALE ??= "0.1";

const made: string[] = [];
let stateTmp = "";
let home = "";

function tempDir(prefix: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, TMPDIR: stateTmp, HOME: home, NO_COLOR: "1", ...extra };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF", "CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR"])
    delete e[k];
  return e;
}

/** How a command is run against a repository `root`, and which paths it may change there. */
interface CommandSpec {
  /** Human words for test names. */
  what: string;
  run(root: string, target: string, input: BadInput, side: string, killMs: number): Promise<Run>;
  /** Root-relative path prefixes the command may change (none: it must change nothing in the tree). */
  mayChange?: string[];
}

/** Runs the built CLI in `root` (spawned with `spawn`, else in this worker) and times it. */
async function cli(root: string, args: string[], killMs: number, spawn = false): Promise<Run> {
  const t = performance.now();
  const r = await agentContext(args, { cwd: root, env: env(), spawn, timeout: killMs });
  return {
    status: r.status,
    signal: r.signal,
    ms: performance.now() - t,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}

const COMMANDS: Record<CommandId, CommandSpec> = {
  cap: { what: "cap", run: (r, _t, _i, _s, k) => cli(r, ["cap", r], k, true) },
  cap_json: { what: "cap --json", run: (r, _t, _i, _s, k) => cli(r, ["cap", r, "--json"], k) },
  cap_all_agents: {
    what: "cap --agent all",
    run: (r, _t, _i, _s, k) => cli(r, ["cap", r, "--agent", "all"], k),
  },
  explain: { what: "explain", run: (r, t, _i, _s, k) => cli(r, ["explain", t, r], k) },
  lint: { what: "lint", run: (r, _t, _i, _s, k) => cli(r, ["lint", r], k) },
  route: { what: "route", run: (r, t, _i, _s, k) => cli(r, ["route", t, r], k) },
  route_bash: {
    what: "route --tool Bash",
    run: (r, t, _i, _s, k) => cli(r, ["route", `cp ${t} ${t}.bak && git add -A`, r, "--tool", "Bash"], k),
  },
  hook: {
    what: "the installed hook",
    run: (r, t, input, _s, k) =>
      runProcess("/bin/sh", ["-c", `node "${HOOK}"`], {
        cwd: r,
        env: env(),
        killMs: k,
        stdin: JSON.stringify({
          session_id: `corpus-${input.name}`,
          cwd: r,
          hook_event_name: "PreToolUse",
          tool_name: "Write",
          tool_input: { file_path: join(r, t), content: "x" },
        }),
      }),
  },
  pointers: {
    what: "pointers",
    run: (r, _t, _i, side, k) =>
      cli(r, ["pointers", "--config-dir", join(side, "config"), "--cwd", r, "--add-dir", r], k),
  },
  report: {
    what: "report --agent all",
    run: (r, _t, _i, side, k) =>
      cli(r, ["report", r, "--out", join(side, "report.html"), "--agent", "all"], k),
  },
  // Last: the commands that write.
  lint_fix: {
    what: "lint --fix",
    run: (r, _t, _i, _s, k) => cli(r, ["lint", r, "--fix"], k),
    mayChange: [".claude/rules/"],
  },
  init: {
    what: "init",
    run: (r, _t, _i, _s, k) => cli(r, ["init", r], k),
    mayChange: [".agent-context.json", ".claude/settings.json", ".claude"],
  },
};

/** The order commands run in on one input: readers first, then the writers. */
const ORDER: CommandId[] = [
  "cap",
  "cap_json",
  "cap_all_agents",
  "explain",
  "lint",
  "route",
  "route_bash",
  "hook",
  "pointers",
  "report",
  "lint_fix",
  "init",
];

interface Outcome {
  run: Run;
  changed: string[];
  state: string[];
  bound: number;
}

/** A file to log every run to (name, command, time, status, stderr head), for working on the corpus. */
const LOG = process.env.BAD_INPUT_LOG;
/** Only the inputs whose name matches this regular expression (for working on one input). */
const ONLY = process.env.BAD_INPUT_ONLY ? new RegExp(process.env.BAD_INPUT_ONLY) : null;
const INPUTS = BAD_INPUTS.filter((i) => !ONLY || ONLY.test(i.name));
/** `BAD_INPUT_FULL=1`: also the commands an input marks `slow` (open: they fail their bound). */
const FULL = process.env.BAD_INPUT_FULL === "1";
const runs = (input: BadInput, cmd: CommandId) => !input.skip?.[cmd] && (FULL || !input.slow?.[cmd]);

const outcomes = new Map<string, Outcome>();
const key = (input: string, cmd: CommandId) => `${input} ${cmd}`;

/** A line of stderr that reports a problem. */
const MESSAGE = /^(warning|error|notice)\b|^agent-context\b/i;
/** Something that names a file: a path with a slash, or a file name with an extension. */
const NAMES_A_FILE = /[^\s/]\/[^\s/]|[\w-]\.(md|json|mdc|toml|ts|html)\b/;
/** Hook lines about its own stdin or clock name no file: there is none to name. */
const HOOK_OWN = /^agent-context hook: (stdin|stopped at its deadline|no answer within)/;
/** The line that sums up repeated warnings after the ones shown (each shown one names its file). */
const SUMMARY = /^warning: … and [\d,]+ more like these$/;

async function runInput(input: BadInput): Promise<void> {
  const root = tempDir(`ac-corpus-${input.name.slice(0, 40)}-`);
  const side = tempDir("ac-corpus-side-");
  mkdirSync(join(root, ".git"));
  writeTree(root, { ".git/HEAD": "ref: refs/heads/main\n" });
  input.make(root);
  const target = input.target ?? "src/a.ts";
  const bound = input.boundMs ?? DEFAULT_BOUND_MS;
  for (const cmd of ORDER) {
    if (!runs(input, cmd)) continue;
    const before = treeSignature(root);
    const run = await COMMANDS[cmd].run(root, target, input, side, bound + 10_000);
    const allowed = COMMANDS[cmd].mayChange ?? [];
    const changed = changedPaths(before, treeSignature(root)).filter(
      (p) => !allowed.some((a) => p === a || p.startsWith(a)),
    );
    outcomes.set(key(input.name, cmd), { run, changed, state: stateProblems(stateTmp), bound });
    if (LOG)
      appendFileSync(
        LOG,
        `${input.name} ${cmd} ${Math.round(run.ms)}ms status=${run.status} ${run.signal ?? ""} changed=${changed.length}\n${run.stderr.slice(0, 600)}\n`,
      );
  }
}

beforeAll(async () => {
  stateTmp = tempDir("ac-corpus-tmp-");
  home = tempDir("ac-corpus-home-");
  // The big inputs first. Runs in this worker share its directory and environment: one input at a time
  // (two at a time when every run is spawned, the big ones dominating and the rest filling in around them).
  const order = [...INPUTS].sort((a, b) => Number(!!b.big) - Number(!!a.big));
  await pool(
    SPAWN_ALL ? 2 : 1,
    order.map((i) => () => runInput(i)),
  );
}, 600_000);

afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function outcome(input: BadInput, cmd: CommandId): Outcome {
  const o = outcomes.get(key(input.name, cmd));
  if (!o) throw new Error(`no run of ${cmd} on ${input.name}`);
  return o;
}

const cases = INPUTS.flatMap((input) =>
  ORDER.filter((cmd) => runs(input, cmd)).map((cmd) => ({ input, cmd, name: `${input.name}_${cmd}` })),
);

describe("every command on every bad input", () => {
  it.each(cases)("$name: ends in time with a documented status and no stack trace", ({ input, cmd }) => {
    const { run, bound } = outcome(input, cmd);
    const context = `${COMMANDS[cmd].what} on ${input.what}:\n${run.stderr.slice(0, 2000)}`;
    expect(run.signal, context).toBeNull();
    expect(run.ms, context).toBeLessThan(bound);
    const want = input.exits?.[cmd] ?? DOCUMENTED_EXITS[cmd];
    expect(typeof want === "number" ? [want] : want, context).toContain(run.status);
    expect(DOCUMENTED_EXITS[cmd]).toContain(run.status);
    expect(run.stderr, context).not.toMatch(STACK_TRACE);
    expect(run.stdout.slice(0, 1_000_000), context).not.toMatch(STACK_TRACE);
  });

  it.each(cases)(
    "$name: names a file in every message and changes nothing it does not own",
    ({ input, cmd }) => {
      const { run, changed, state } = outcome(input, cmd);
      for (const line of run.stderr.split("\n").filter((l) => MESSAGE.test(l))) {
        if ((cmd === "hook" && HOOK_OWN.test(line)) || SUMMARY.test(line)) continue;
        expect(line, `${COMMANDS[cmd].what} on ${input.what}`).toMatch(NAMES_A_FILE);
      }
      // The input's own file is named where the command reports it: always by cap and lint, and in any
      // configuration error.
      if ((run.status === 2 && cmd !== "hook") || (input.namedBy ?? ["cap", "lint"]).includes(cmd))
        for (const n of input.names ?? [])
          expect(`${run.stdout}${run.stderr}`, `${COMMANDS[cmd].what} on ${input.what}`).toContain(n);
      expect(changed, `${COMMANDS[cmd].what} changed files it does not own`).toEqual([]);
      expect(state, "state files").toEqual([]);
      if (cmd === "hook") hookContext(run.stdout);
      if (cmd === "cap_json" && run.status !== 2) expect(() => JSON.parse(run.stdout)).not.toThrow();
    },
  );
});

/** A repository whose router fires one rule for `src/**` (R-SRC) and one for `git add` (R-GIT). */
function routedRepo(): string {
  const root = tempDir("ac-corpus-hook-");
  writeTree(root, {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".agent-context/routers/r.md": "`src/**` | R-SRC → rules/ |\n`git add` | R-GIT → rules/ |\n",
    "rules/R-SRC.md": "R-SRC-MARK\n",
    "rules/R-GIT.md": "R-GIT-MARK\n",
    "src/a.ts": "x\n",
  });
  return root;
}

const hookRun = (root: string, stdin: string | Buffer, extra: Record<string, string> = {}) =>
  runProcess("/bin/sh", ["-c", `node "${HOOK}"`], { cwd: root, env: env(extra), stdin, killMs: 30_000 });

const event = (root: string, session: string, tool: string, input: Record<string, unknown>) =>
  JSON.stringify({
    session_id: session,
    cwd: root,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  });

/** Garbage and wrong shapes on the hook's stdin (a 20 MB stdin and a stdin left open: bad-input-hook.test.ts). */
const STDINS: [string, (root: string) => string | Buffer][] = [
  ["binary_noise", () => Buffer.from(Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) & 0xff))],
  [
    "fifty_megabytes_of_json_text",
    (r) => `{"tool_name":"Write","tool_input":{"file_path":"${r}/src/a.ts","x":"${"a".repeat(50 << 20)}"}}`,
  ],
  ["invalid_json", () => '{"tool_name": "Write", "tool_input": {'],
  ["json_nested_100000_deep", () => `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
  ["a_json_array", () => "[]"],
  ["a_json_string", () => '"Write"'],
  ["null", () => "null"],
  ["a_numeric_tool_name", () => '{"tool_name": 5, "tool_input": {}}'],
  ["a_file_path_that_is_an_object", () => '{"tool_name": "Write", "tool_input": {"file_path": {"a": 1}}}'],
  ["a_file_path_that_is_an_array", () => '{"tool_name": "Edit", "tool_input": {"file_path": ["src/a.ts"]}}'],
  ["a_command_that_is_a_number", () => '{"tool_name": "Bash", "tool_input": {"command": 12}}'],
  [
    "edits_that_are_a_string",
    () => '{"tool_name": "MultiEdit", "tool_input": {"edits": "x", "file_path": 1}}',
  ],
  [
    "a_relative_cwd_and_a_path_out",
    () => '{"tool_name": "Write", "cwd": "rel", "tool_input": {"file_path": "../../../../etc/passwd"}}',
  ],
  [
    "a_missing_cwd",
    () =>
      '{"tool_name": "Write", "cwd": "/nonexistent/x", "tool_input": {"file_path": "/nonexistent/x/a.ts"}}',
  ],
  [
    "a_session_id_that_is_a_path",
    (r) => event(r, "../../../../tmp/x", "Write", { file_path: `${r}/src/a.ts` }),
  ],
  [
    "a_session_id_that_is_an_object",
    (r) =>
      `{"session_id": {"a": 1}, "tool_name": "Write", "cwd": "${r}", "tool_input": {"file_path": "src/a.ts"}}`,
  ],
  [
    "a_proto_key",
    (r) =>
      `{"__proto__": {"tool_name": "Bash"}, "tool_name": "Write", "cwd": "${r}", "tool_input": {"file_path": "src/a.ts", "__proto__": {}}}`,
  ],
  [
    "a_command_with_nul_bytes",
    (r) => event(r, "s-nul", "Bash", { command: "cat src/a.ts\u0000; git add \u0000" }),
  ],
];

describe("the installed hook on garbage and huge stdin", () => {
  it.each(STDINS)(
    "%s: exits 0 within its bound, prints nothing or a bare answer, keeps its state valid",
    async (_n, make) => {
      const root = routedRepo();
      const before = treeSignature(root);
      const r = await hookRun(root, make(root));
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.ms).toBeLessThan(15_000);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      hookContext(r.stdout);
      expect(changedPaths(before, treeSignature(root))).toEqual([]);
      expect(stateProblems(stateTmp)).toEqual([]);
    },
  );
});

describe("the session state of the installed hook", () => {
  // Before: the rules were recorded as delivered before the deadline check cut the answer, so the next
  // call of the session injected nothing: the rule was lost for that session. Fixed in src/hook/chain.ts
  // (runHook returns commit/abandon) and src/hook/serve.ts (commit only after stdout is written).
  it("a_rule_cut_by_the_deadline_is_not_recorded_and_the_next_call_of_the_session_injects_it", async () => {
    const root = routedRepo();
    const ev = event(root, `late-${Math.random()}`, "Write", { file_path: join(root, "src/a.ts") });
    const cut = await hookRun(root, ev, { AGENT_CONTEXT_HOOK_FAULT: "late" });
    expect(cut.status).toBe(0);
    expect(cut.stdout).toBe("");
    expect(cut.stderr).toContain("stopped at its deadline");
    const next = await hookRun(root, ev);
    expect(hookContext(next.stdout)).toContain("R-SRC-MARK");
    const again = await hookRun(root, ev);
    expect(hookContext(again.stdout)).not.toContain("R-SRC-MARK");
  });

  it("twenty_concurrent_hooks_of_one_session_on_different_targets_deliver_each_rule_once_and_keep_the_log_valid", async () => {
    const root = routedRepo();
    const session = `conc-${Math.random()}`;
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? event(root, session, "Write", { file_path: join(root, `src/f${i}.ts`) })
        : event(root, session, "Bash", { command: `git add src/f${i}.ts` }),
    );
    const runs = await Promise.all(calls.map((c) => hookRun(root, c)));
    for (const r of runs) {
      expect(r.status).toBe(0);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
    const text = runs.map((r) => hookContext(r.stdout)).join("\n");
    expect(text.match(/R-SRC-MARK/g)).toHaveLength(1);
    expect(text.match(/R-GIT-MARK/g)).toHaveLength(1);
    expect(stateProblems(stateTmp)).toEqual([]);
  }, 120_000);
});
