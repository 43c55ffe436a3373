/**
 * The hostile-repository suite for `verify` (issue 25): repositories built from ./verify-vectors.ts (seeded,
 * fixed seeds) and run through the BUILT `agent-context verify` on every installed pinned agent CLI. For
 * every run: no marker file appears, no byte changes in the repository, outside it or in the home, nothing
 * is copied but instruction text and re-written settings, the listener standing for another host hears
 * nothing and the trap proxy records nothing, no secret reaches the output, no private place is left
 * behind, and the exit status is the documented one (0 agrees; 2 refused, with one `agent-context:` line
 * naming what). Then the places verify runs in: planted files above them, open folders, signals; and a
 * model that misses an import cannot hide it from the CLI.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentById } from "../../src/agents/index.js";
import { verifyRepository } from "../../src/app/verify.js";
import type { AgentModel } from "../../src/model/index.js";
import { SANDBOX_MAX_SOURCES } from "../../src/verify/sandbox.js";
import type { HostilePlace } from "../hostile/vector.js";
import { hostileNet, VERIFY_VECTORS, type VerifyVector } from "../hostile/verify-vectors.js";
import { runClaude } from "../support/claude.js";
import { spawned } from "../support/cli-run.js";
import { pool } from "../support/copilot.js";
import { runGemini } from "../support/gemini.js";
import { AGENTS_DIR } from "../support/process.js";
import { seededRandom } from "../support/random.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");
const BIN_DIR = join(AGENTS_DIR, "node_modules/.bin");
/** The agents verify can run whose pinned CLI is installed. */
const AGENTS = [
  { id: "claude-code", exe: "claude" },
  { id: "codex", exe: "codex" },
  { id: "gemini-cli", exe: "gemini" },
  { id: "copilot-cli", exe: "copilot" },
].filter((a) => existsSync(join(BIN_DIR, a.exe)));
/** A value only verify's own environment holds: /proc/self/environ would show it. */
const SECRET = "ENVIRON-SECRET-91d3";

const made: string[] = [];

function temp(prefix: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

/** Every entry below `root` with its type, mode, size, mtime, link target and content hash. */
function signature(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const st = lstatSync(p);
      const what = st.isFile()
        ? createHash("sha256").update(readFileSync(p)).digest("hex")
        : st.isSymbolicLink()
          ? readlinkSync(p)
          : "";
      out.push(`${JSON.stringify(p)} ${st.mode} ${st.size} ${st.mtimeMs} ${what}`);
      if (st.isDirectory()) visit(p);
    }
  };
  visit(root);
  return out;
}

interface Built {
  place: HostilePlace;
  rows: VerifyVector[];
  home: string;
  before: { repo: string[]; outside: string[]; home: string[] };
}

/** A repository (named `name`, a git repository) holding `rows`, beside an outside folder and a home. */
function build(rows: VerifyVector[], name: string): Built {
  const base = temp("ac-hostile-verify-");
  const place: HostilePlace = {
    repo: join(base, name),
    outside: join(base, "outside"),
    marker: join(base, "markers", "pwned"),
  };
  const home = join(base, "home-of-the-user");
  for (const d of [place.repo, place.outside, join(base, "markers"), home]) mkdirSync(d, { recursive: true });
  mkdirSync(join(place.repo, ".git/objects"), { recursive: true });
  mkdirSync(join(place.repo, ".git/refs/heads"), { recursive: true });
  writeFileSync(join(place.repo, ".git/HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(place.repo, ".git/config"), "[core]\n\trepositoryformatversion = 0\n\tbare = false\n");
  for (const r of rows) r.make(place);
  return {
    place,
    rows,
    home,
    before: { repo: signature(place.repo), outside: signature(place.outside), home: signature(home) },
  };
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Private places verify left behind in its temp dir. */
  leftBehind: string[];
}

/**
 * Runs the built `agent-context verify ...args` in the repository with a hostile PATH, and a temp dir of
 * its own (so what it leaves there is its own; Copilot unpacks its package there).
 */
async function verify(b: Built, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const first = b.rows.flatMap((r) => (r.pathFirst ? [join(b.place.repo, r.pathFirst)] : []));
  const tmp = env.TMPDIR ?? temp("ac-hostile-tmp-");
  const { status, stdout, stderr } = await spawned(["verify", "--timeout", "300", ...args], {
    cwd: b.place.repo,
    env: {
      PATH: [...first, BIN_DIR, process.env.PATH ?? ""].join(":"),
      HOME: b.home,
      TMPDIR: tmp,
      HOSTILE_SECRET: SECRET,
      ...env,
    },
    timeout: 0,
  });
  return {
    status,
    stdout,
    stderr,
    leftBehind: readdirSync(tmp).filter((n) => n.startsWith("agent-context-verify-")),
  };
}

/** What no run may do, whatever it printed. */
function expectNothingEscaped(b: Built, r: Run): void {
  const show = `${r.stdout.slice(0, 3000)}\n${r.stderr.slice(0, 2000)}`;
  expect(existsSync(b.place.marker), `the marker appeared: repository code ran\n${show}`).toBe(false);
  expect(signature(b.place.repo), "the repository changed").toEqual(b.before.repo);
  expect(signature(b.place.outside), "a file outside the repository changed").toEqual(b.before.outside);
  expect(signature(b.home), "the home changed").toEqual(b.before.home);
  expect(r.leftBehind, "a private place was left behind").toEqual([]);
  expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
  expect(`${r.stdout}${r.stderr}`).not.toContain("OUTSIDE-SECRET-5f2c");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what the output must never hold
  expect(`${r.stdout}${r.stderr}`).not.toMatch(/[\u0007\u001b\u009b]/);
}

/** A copied path is instruction text (no dotted segment, or an instruction location) or re-written settings. */
const COPYABLE =
  /^(?:[^./][^/]*\/)*(?:[^./][^/]*|\.claude\/(?:CLAUDE\.md|AGENTS\.md|settings(?:\.local)?\.json|rules\/(?:[^./][^/]*\/)*[^./][^/]*\.md)|\.github\/(?:copilot-instructions\.md|instructions\/(?:[^./][^/]*\/)*[^./][^/]*\.instructions\.md)|\.gemini\/settings\.json|\.codex\/config\.toml)$/;

/** A path segment that is not dotted. */
const SEG = "[^./][^/]*";
/**
 * A copied file some agent reads for a list entry: a skill's SKILL.md, a subagent's or a command's
 * Markdown file, Codex's per-skill openai.yaml. Never a script or anything else of a skill folder.
 */
const LISTED_SOURCE = new RegExp(
  `^(?:${SEG}/)*(?:\\.claude/(?:skills/${SEG}/SKILL\\.md|(?:agents|commands)/(?:${SEG}/)*${SEG}\\.md)|\\.(?:codex|agents|github|claude|gemini)/skills/(?:${SEG}/)*(?:SKILL\\.md|agents/openai\\.yaml)|\\.github/agents/(?:${SEG}/)*${SEG}\\.md)$`,
);

/** Packets the stand-in for another host received. */
const heard: string[] = [];
let listener: Server | undefined;

/** Rows a combined repository may hold: they need no arguments and refuse nothing. */
const COMBINABLE = VERIFY_VECTORS.filter((r) => !r.args && !r.refusedBy);
/** Rows that run alone: verify must refuse them (exit 2) for the agents they concern. */
const REFUSED = VERIFY_VECTORS.filter((r) => r.refusedBy?.includes("verify"));

/** Seed 1 holds every row, in a repository named `home`; the others a seeded half of them. */
function rowsOf(seed: number): VerifyVector[] {
  if (seed === 1) return [...COMBINABLE];
  const random = seededRandom(seed);
  return COMBINABLE.filter(() => random(2) === 0);
}

const combined = new Map<string, { built: Built; run: Run; text?: Run; saved?: string }>();
/** What the stand-in host heard while verify ran on the combined repositories. */
let heardDuringVerify: string[] = [];

/** Every file below `dir`, relative, with its bytes. */
function filesBelow(dir: string, pre = ""): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    const st = lstatSync(p);
    if (st.isDirectory()) for (const [k, v] of filesBelow(p, `${pre}${n}/`)) out.set(k, v);
    else out.set(`${pre}${n}`, st.isFile() ? readFileSync(p) : Buffer.from(`not a regular file: ${st.mode}`));
  }
  return out;
}

/** Processes whose working directory lies below `dir` (the CLI verify started, while it runs). */
function runningBelow(dir: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) out.push(`${pid} ${cwd}`);
    } catch {
      // gone, or not ours to look at
    }
  }
  return out;
}

/**
 * The suite: the combined repositories of `seeds` (seed 1 holds every row, in a repository named `home`;
 * another seed a seeded half of them); with `rest` the refused rows, the bound of the copy, the printing,
 * the place verify runs in and a blind model; with `live` the controls that each row is a live attack (the
 * agent's CLI run directly: a check of the rows against the pinned CLIs, not of verify).
 */
export function hostileVerifySuite(o: { seeds: readonly number[]; rest: boolean; live: boolean }): void {
  // Removing the repositories of the copy's bound (2,001 skills each) takes over a minute under load.
  afterAll(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  }, 300_000);

  beforeAll(async () => {
    listener = createServer((s) => {
      heard.push(`${s.remoteAddress}`);
      s.destroy();
    });
    await new Promise<void>((done) => listener?.listen(0, "127.0.0.2", done));
    const addr = listener.address();
    hostileNet.url = `http://127.0.0.2:${typeof addr === "object" && addr ? addr.port : 9}`;
  });

  afterAll(async () => {
    await new Promise<void>((done) => (listener ? listener.close(() => done()) : done()));
  });

  describe("verify on repositories that combine every hostile row", () => {
    beforeAll(async () => {
      const tasks: (() => Promise<void>)[] = [];
      for (const seed of o.seeds) {
        for (const a of AGENTS) {
          tasks.push(async () => {
            const built = build(rowsOf(seed), seed === 1 ? "home" : `repo-${seed}`);
            const run = await verify(built, ["--agent", a.id, "--json"]);
            // The text output, and the copy itself as --save-case writes it (outside the repository).
            const saved = join(temp("ac-hostile-case-"), "case");
            const text =
              a.id === "claude-code"
                ? await verify(built, ["--agent", a.id, "--save-case", saved])
                : undefined;
            combined.set(`${seed}:${a.id}`, { built, run, ...(text ? { text, saved } : {}) });
          });
        }
      }
      const before = heard.length;
      await pool(tasks, 2);
      heardDuringVerify = heard.slice(before);
    }, 1_500_000);

    for (const seed of o.seeds) {
      for (const a of AGENTS) {
        const key = `${seed}:${a.id}`;
        const name = a.id.replace(/-/g, "_");

        it(`seed_${seed}_${name}_runs_nothing_changes_nothing_leaks_nothing_and_agrees`, () => {
          const c = combined.get(key);
          if (!c) throw new Error(`no run ${key}`);
          expect(c.run.stderr).toBe("");
          expectNothingEscaped(c.built, c.run);
          if (c.text) expectNothingEscaped(c.built, c.text);
          const j = JSON.parse(c.run.stdout);
          expect(j.disagreements, c.run.stdout.slice(0, 4000)).toEqual([]);
          expect(j.traffic.refused).toEqual([]);
          expect(j.limits).toEqual([]);
          expect([j.agrees, c.run.status]).toEqual([true, 0]);
          expect(c.text?.status ?? 0).toBe(0);
        });

        it(`seed_${seed}_${name}_copies_nothing_but_instruction_text_and_rewritten_settings`, () => {
          const c = combined.get(key);
          const j = JSON.parse(c?.run.stdout ?? "{}");
          const wrong = (j.copied as string[]).filter((f) => !COPYABLE.test(f) && !LISTED_SOURCE.test(f));
          for (const f of j.copied as string[]) expect(f).not.toMatch(/\.(?:sh|py)$/);
          expect(wrong).toEqual([]);
          for (const f of j.copied as string[])
            expect(f.split("/").some((s) => s === "node_modules" || s === ".git")).toBe(false);
          if (c?.saved) {
            // The copy as run: exactly the files listed, none holding a secret from outside the repository.
            const saved = filesBelow(c.saved);
            expect([...saved.keys()].sort()).toEqual([...(j.copied as string[]), "verify-case.json"].sort());
            for (const [f, bytes] of saved) {
              expect(bytes.toString("utf8"), f).not.toContain(SECRET);
              expect(bytes.toString("utf8"), f).not.toContain("OUTSIDE-SECRET-5f2c");
              expect(bytes.toString("utf8"), f).not.toContain("not a regular file");
            }
          }
        });
      }
    }

    it("no_connection_reached_the_host_the_rows_point_at", () => {
      expect(heardDuringVerify).toEqual([]);
    });

    it.runIf(o.seeds.includes(1))("what_the_copy_kept_out_is_named_and_never_printed_raw", () => {
      const c = combined.get(`1:claude-code`);
      const j = JSON.parse(c?.run.stdout ?? "{}");
      const kept = new Map((j.notCopied as { file: string; why: string }[]).map((n) => [n.file, n.why]));
      expect(kept.get(".mcp.json")).toMatch(/^a dotted place that is no instruction location/);
      expect(kept.get(".lsp.json")).toMatch(/^a dotted place that is no instruction location/);
      // A subagent's file is copied (its list entry is compared); the hook script beside the skills never is.
      expect(j.copied).toEqual(
        expect.arrayContaining([".claude/agents/hostile.md", ".claude/skills/hostile/SKILL.md"]),
      );
      expect(kept.get(".claude/hooks/hostile.sh")).toMatch(/^a dotted place that is no instruction location/);
      expect(kept.get(".claude/skills/outside/SKILL.md")).toBe("its real path leaves the repository");
      expect(kept.get(".github/agents/outside.md")).toBe("its real path leaves the repository");
      expect((j.copied as string[]).filter((f) => f.includes("/tool-"))).toEqual(
        expect.arrayContaining([".claude/skills/tool-claude/SKILL.md", ".codex/skills/tool-codex/SKILL.md"]),
      );
      expect((j.copied as string[]).filter((f) => /\/tool-[^/]+\/(?!SKILL\.md$)/.test(f))).toEqual([]);
      expect(kept.get("packages/environ/CLAUDE.md")).toBe("its real path leaves the repository");
      expect(kept.get("packages/linked/.claude/settings.json")).toBe("its real path leaves the repository");
      expect(kept.get("packages/fifo/CLAUDE.md")).toBe("a fifo");
      expect(kept.get("packages/loop/CLAUDE.md")).toBe("a link loop");
      expect(j.copied).toEqual(
        expect.arrayContaining([".claude/settings.json", "shared/a.md", "home/CLAUDE.md"]),
      );
      expect(kept.get(".x\u001b]52;c;aGk=\u0007.json")).toMatch(
        /^a dotted place that is no instruction location/,
      );
    });
  });

  if (o.rest) {
    describe("verify refuses, with one line naming what, and touches nothing", () => {
      const runs = new Map<string, { built: Built; run: Run }>();
      beforeAll(async () => {
        const tasks: (() => Promise<void>)[] = [];
        for (const row of REFUSED)
          for (const a of AGENTS.filter((x) => !row.agents || row.agents.includes(x.id)))
            tasks.push(async () => {
              const built = build([row], "repo");
              writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
              built.before.repo = signature(built.place.repo);
              runs.set(`${row.name}:${a.id}`, {
                built,
                run: await verify(built, ["--agent", a.id, ...(row.args ?? [])]),
              });
            });
        await pool(tasks, 2);
      }, 600_000);

      for (const row of REFUSED)
        for (const a of AGENTS.filter((x) => !row.agents || row.agents.includes(x.id)))
          it(`${row.name}_is_refused_for_${a.id.replace(/-/g, "_")}`, () => {
            const r = runs.get(`${row.name}:${a.id}`);
            if (!r) throw new Error("no run");
            expect(r.run.stderr).toMatch(/^agent-context: [^\n]+\n$/);
            expect(r.run.stderr).toContain(row.names ?? "");
            expect([r.run.status, r.run.stdout]).toEqual([2, ""]);
            expectNothingEscaped(r.built, r.run);
          });
    });

    describe("a repository with more skills than the copy holds", () => {
      const runs = new Map<string, { built: Built; run: Run }>();
      beforeAll(async () => {
        const tasks = AGENTS.filter((a) => a.id === "claude-code" || a.id === "codex").map(
          (a) => async () => {
            const built = build([], "repo");
            // One more skill than the bound, in the folder each of the two agents reads.
            const dir = a.id === "codex" ? ".agents/skills" : ".claude/skills";
            for (let i = 0; i <= SANDBOX_MAX_SOURCES; i++) {
              mkdirSync(join(built.place.repo, dir, `s${i}`), { recursive: true });
              writeFileSync(
                join(built.place.repo, dir, `s${i}`, "SKILL.md"),
                `---\nname: s${i}\ndescription: d\n---\n`,
              );
            }
            writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
            writeFileSync(join(built.place.repo, "AGENTS.md"), "Memory.\n");
            built.before.repo = signature(built.place.repo);
            runs.set(a.id, { built, run: await verify(built, ["--agent", a.id, "--json"]) });
          },
        );
        await pool(tasks, 2);
      }, 900_000);

      for (const a of AGENTS.filter((x) => x.id === "claude-code" || x.id === "codex"))
        it(`the_copy_stops_at_its_bound_and_the_${a.id.replace(/-/g, "_")}_run_is_incomplete_not_clean`, () => {
          const r = runs.get(a.id);
          if (!r) throw new Error("no run");
          expectNothingEscaped(r.built, r.run);
          const j = JSON.parse(r.run.stdout);
          expect(j.limits).toEqual([
            expect.stringMatching(/^the copy stopped after 2,000 skill, subagent and command files \(/),
          ]);
          expect((j.copied as string[]).filter((f) => f.endsWith("/SKILL.md"))).toHaveLength(
            SANDBOX_MAX_SOURCES,
          );
          expect([j.agrees, r.run.status]).toEqual([false, 1]);
        });
    });

    describe("what verify prints about a hostile repository", () => {
      it("a_name_with_terminal_control_sequences_is_printed_escaped_and_a_forged_header_is_no_section", async () => {
        const rows = VERIFY_VECTORS.filter((r) =>
          ["control_characters_in_names", "a_line_framed_like_the_clis_section_header"].includes(r.name),
        );
        const built = build(rows, "repo");
        const run = await verify(built, []);
        expect(run.stderr).toBe("");
        expect(run.stdout).toContain(
          "note: not copied, so not compared: .x\\u001b]52;c;aGk=\\u0007.json (a dotted place that is no instruction location: verify copies none",
        );
        expect(run.stdout).toMatch(
          /^verify: Claude Code 2\.1\.332 agrees with the model on this repository — 3 files/,
        );
        expect(run.status).toBe(0);
        expectNothingEscaped(built, run);
      });
    });

    describe("the place verify runs in", () => {
      /** A repository with one memory file, and a temp dir prepared by `prepare`. */
      async function runBelow(
        prepare: (tmp: string) => void,
      ): Promise<{ built: Built; run: Run; tmp: string }> {
        const built = build([], "repo");
        writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
        built.before.repo = signature(built.place.repo);
        const tmp = temp("ac-hostile-ancestor-");
        prepare(tmp);
        return { built, tmp, run: await verify(built, [], { TMPDIR: tmp }) };
      }

      for (const planted of ["CLAUDE.md", "AGENTS.md", ".mcp.json", ".env", ".claude", ".github", ".git"])
        it(`a_${planted.replace(/\W/g, "_")}_planted_above_the_copy_is_named_and_nothing_runs`, async () => {
          const { built, run, tmp } = await runBelow((t) => {
            if (planted.startsWith(".") && !planted.includes("json") && planted !== ".env")
              mkdirSync(join(t, planted));
            else writeFileSync(join(t, planted), planted === ".mcp.json" ? "{}" : "planted\n");
          });
          expect(run.stderr).toBe(
            `agent-context: verify will not run an agent CLI below ${tmp}: ${join(tmp, planted)} is there, and agent CLIs read such files from every folder above the one they start in; remove it, or point TMPDIR (or XDG_RUNTIME_DIR) at a folder with none above it\n`,
          );
          expect(run.status).toBe(2);
          expectNothingEscaped(built, run);
        });

      it("a_temp_dir_inside_the_repository_is_refused_and_nothing_is_written_there", async () => {
        const built = build([], "repo");
        writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
        const tmp = join(built.place.repo, "tmp");
        mkdirSync(tmp);
        built.before.repo = signature(built.place.repo);
        const run = await verify(built, [], { TMPDIR: tmp });
        expect(run.stderr).toBe(
          `agent-context: verify's private place would be inside the repository under measurement (${tmp}): point TMPDIR (or XDG_RUNTIME_DIR) at a folder outside it\n`,
        );
        expect(run.status).toBe(2);
        expectNothingEscaped(built, run);
      });

      it("a_temp_dir_others_may_write_to_that_is_not_sticky_is_refused", async () => {
        const { built, run, tmp } = await runBelow((t) => chmodSync(t, 0o777));
        expect(run.stderr).toBe(
          `agent-context: verify needs a private place for its copy, but ${tmp} is writable by other users and not sticky (mode 777): point TMPDIR (or XDG_RUNTIME_DIR) at a folder only you can write to\n`,
        );
        expect(run.status).toBe(2);
        expectNothingEscaped(built, run);
      });

      for (const [signal, status] of [
        ["SIGTERM", 143],
        ["SIGINT", 130],
      ] as const)
        it(`${signal.toLowerCase()}_during_a_run_removes_the_private_place_and_ends_the_cli`, async () => {
          const built = build([], "repo");
          writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
          built.before.repo = signature(built.place.repo);
          const tmp = temp("ac-hostile-signal-");
          const child = spawn(process.execPath, [CLI, "verify"], {
            cwd: built.place.repo,
            env: { PATH: `${BIN_DIR}:${process.env.PATH}`, HOME: built.home, TMPDIR: tmp },
          });
          const ended = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
          // Wait until the copy exists and the CLI runs in the private place, then signal.
          const copied = () =>
            readdirSync(tmp)
              .filter((n) => n.startsWith("agent-context-verify-"))
              .some((n) => existsSync(join(tmp, n, "w", "repo", "CLAUDE.md")));
          for (let i = 0; i < 800 && !(copied() && runningBelow(tmp).length > 0); i++)
            await new Promise((r) => setTimeout(r, 25));
          expect(copied()).toBe(true);
          expect(runningBelow(tmp).length).toBeGreaterThan(0);
          child.kill(signal);
          expect(await ended).toBe(status);
          expect(readdirSync(tmp).filter((n) => n.startsWith("agent-context-verify-"))).toEqual([]);
          expect(runningBelow(tmp)).toEqual([]);
          expect(signature(built.place.repo)).toEqual(built.before.repo);
        });
    });

    describe("a model cannot hide a file from the cli", () => {
      /** The real model, with every trace of `hidden` taken out of its launch (the double). */
      function blind(id: string, hidden: string): AgentModel {
        const real = agentById(id);
        return {
          ...real,
          launch: (o) => {
            const s = real.launch(o);
            return {
              ...s,
              items: s.items.filter((i) => !i.path.endsWith(hidden)),
              imports: s.imports.filter((e) => !e.targetAbs.endsWith(hidden)),
            };
          },
        };
      }

      it("an_import_the_model_misses_is_still_copied_so_the_cli_delivers_it_and_the_run_disagrees", async () => {
        const built = build([], "repo");
        writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n@docs/hidden.md\n");
        mkdirSync(join(built.place.repo, "docs"));
        writeFileSync(join(built.place.repo, "docs/hidden.md"), "Hidden from the model.\n");
        const root = built.place.repo;
        const r = await verifyRepository({
          agent: blind("claude-code", "docs/hidden.md"),
          cli: join(BIN_DIR, "claude"),
          root,
          cwd: root,
        });
        expect(r.copied).toContain("docs/hidden.md");
        expect(r.disagreements.map((d) => [d.kind, d.file])).toEqual([["missing", "docs/hidden.md"]]);
        expect(r.agrees).toBe(false);
      });

      it("a_model_that_throws_leaves_no_private_place_behind", async () => {
        const built = build([], "repo");
        writeFileSync(join(built.place.repo, "CLAUDE.md"), "Memory.\n");
        const real = agentById("claude-code");
        const broken: AgentModel = {
          ...real,
          launch: () => {
            throw new Error("a bug in the model");
          },
        };
        const tmp = temp("ac-hostile-crash-");
        const saved = process.env.TMPDIR;
        process.env.TMPDIR = tmp;
        try {
          const root = built.place.repo;
          await expect(
            verifyRepository({ agent: broken, cli: join(BIN_DIR, "claude"), root, cwd: root }),
          ).rejects.toThrow(/could not read this repository: a bug in the model/);
        } finally {
          if (saved === undefined) delete process.env.TMPDIR;
          else process.env.TMPDIR = saved;
        }
        expect(readdirSync(tmp)).toEqual([]);
      });
    });
  }

  if (!o.live) return;
  describe("the rows are live attacks: each agent's cli run directly in the repository creates the marker", () => {
    const direct: Record<string, (cwd: string, home: string) => Promise<unknown>> = {
      "claude-code": (cwd, home) => runClaude({ cwd, home, timeoutMs: 30_000 }),
      "gemini-cli": (cwd, home) => runGemini({ cwd, home, timeoutMs: 180_000 }),
    };
    for (const row of VERIFY_VECTORS)
      for (const id of row.live ?? [])
        it.skipIf(!AGENTS.some((a) => a.id === id))(
          `${row.name}_runs_code_under_${id.replace(/-/g, "_")}_itself`,
          async () => {
            const built = build([row], "repo");
            const run = direct[id];
            if (!run) throw new Error(`no direct run for ${id}`);
            const before = heard.length;
            await run(built.place.repo, temp("ac-hostile-direct-home-"));
            expect(existsSync(built.place.marker)).toBe(true);
            // A row that moves the API base reaches the stand-in host when the CLI runs it.
            if (row.class === "network" || row.name.includes("env"))
              expect(heard.length).toBeGreaterThan(before);
          },
          240_000,
        );
  });
}
