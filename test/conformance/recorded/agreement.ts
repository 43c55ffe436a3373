/**
 * The models held against the cases recorded from the real CLIs for issue 31 (test/conformance/recorded/*.json,
 * written by the conformance suites copilot-user-layer, claude-edges, codex-edges and gemini-user-layer): each
 * case is written again and the model computed on it, no CLI runs. A CLI input the model takes (a flag, a
 * variable) is given to it as a user's `cap` would (LaunchOptions `user.env`, `agentArgs`, `addDirs`, `cwd`);
 * one it does not take is left out, and the case then agrees only if the input changes nothing. A run the
 * CLI refused agrees only when the model says the CLI refuses. Printed by ./main.ts
 * (`npm run conformance:recorded`), held by test/slow/recorded-agreement.test.ts.
 */
import { createHash } from "node:crypto";
import { isAbsolute, join, resolve } from "node:path";
import { claudeCode } from "../../../src/agents/claude-code/index.js";
import { claudeAttachTargets, claudeOnReadSession } from "../../../src/agents/claude-code/on-read.js";
import { codexChain } from "../../../src/agents/codex/chain.js";
import { copilotCli } from "../../../src/agents/copilot-cli/index.js";
import { copilotLaunch } from "../../../src/agents/copilot-cli/launch.js";
import { geminiCli } from "../../../src/agents/gemini-cli/index.js";
import { parseBlocks } from "../../../src/agents/gemini-cli/verify.js";
import { type RecordedCase, readRecordings, removeCases, writeCase } from "../../support/recorded.js";
import {
  CLAUDE_AGENTS_TEXT_CASES,
  CLAUDE_BASH_DIRECTORY_CASES,
  CLAUDE_ENV_CASES,
  type ClaudeEdgeCase,
  type ClaudeRecording,
} from "../claude-edges.fixtures.js";
import { CODEX_EDGE_CASES, type CodexRecording } from "../codex-edges.fixtures.js";
import { COPILOT_USER_CASES, type CopilotRecording } from "../copilot-user-layer.fixtures.js";
import { GEMINI_USER_CASES, type GeminiRecording } from "../gemini-user-layer.fixtures.js";

/** What {@link recordedVerdicts} prints besides its verdicts. */
export interface AgreementOptions {
  /** Print where a Copilot region parts from the recording. */
  diff?: boolean;
}

export interface Verdict {
  agent: string;
  area: string;
  name: string;
  agrees: boolean;
  /** What differed (first lines), when it did not agree. */
  why?: string;
}

/** Where two texts part, with some context, for `--diff`. */
function firstDifference(name: string, want: string, got: string): string {
  let i = 0;
  while (i < want.length && want[i] === got[i]) i++;
  const show = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 80), i + 120));
  return `${name} at ${i}:\n  CLI:   ${show(want)}\n  model: ${show(got)}`;
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const undo = (s: string, base: string) => s.replaceAll("<B>", base);

function copilot(options: AgreementOptions): Verdict[] {
  const rec = readRecordings<CopilotRecording>("copilot-user-layer");
  return COPILOT_USER_CASES.filter((c) => rec[c.name]).map((c) => {
    const r = rec[c.name] as CopilotRecording;
    const d = writeCase(c, "ac-rec-cp-");
    const area = c.area ?? "other";
    const env = Object.fromEntries(
      Object.entries(c.env ?? {}).flatMap(([k, v]) => (v === null ? [] : [[k, d.sub(v)]])),
    );
    const copilotHome = env.COPILOT_HOME ? resolve(d.cwd, env.COPILOT_HOME) : join(d.home, ".copilot");
    try {
      // The flags the model reads: `-C DIR` is the working directory, `--no-custom-instructions` an agent argument.
      const args = (c.args ?? []).map(d.sub);
      const dashC = args.indexOf("-C");
      const cwd = dashC >= 0 ? (args[dashC + 1] as string) : (c.cwd ?? ".");
      const agentArgs = args.filter((a) => a === "--no-custom-instructions");
      // A run the CLI refuses before any request agrees when the model's user view refuses it with the
      // message the CLI printed (white space as the terminal wrapped it aside); a run it sends, when not.
      // Only where a refusal is in question (token counts of megabyte files are slow).
      const refusal =
        r.code !== 0 || area === "size" ? copilotRefusal(d, cwd, env, copilotHome, agentArgs) : null;
      if (r.code !== 0 || refusal !== null) {
        const said = (r.message ?? "").replace(/\s+/g, " ").trim();
        const agrees =
          r.code !== 0 &&
          refusal !== null &&
          said !== "" &&
          refusal.includes(said.split(" No response")[0] ?? said);
        return {
          agent: "copilot-cli",
          area,
          name: c.name,
          agrees,
          ...(agrees
            ? {}
            : {
                why:
                  r.code !== 0
                    ? `the CLI refused: ${r.message}`
                    : `the model says the CLI refuses: ${refusal}`,
              }),
        };
      }
      const child = (env.COPILOT_CLI_ENABLED_FEATURE_FLAGS ?? "")
        .split(",")
        .includes("CHILD_CUSTOM_INSTRUCTIONS");
      const launch = copilotLaunch({
        root: d.repo,
        cwd,
        copilotHome,
        ...(env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS
          ? { customInstructionsDirs: env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS }
          : {}),
        ...(child ? { childInstructions: true } : {}),
        ...(agentArgs.length > 0 ? { noCustomInstructions: true } : {}),
      });
      const region = launch.region.replaceAll(d.base, "<B>");
      const regionOk = r.region !== undefined ? region === r.region : sha(region) === r.regionSha256;
      let viewsOk = true;
      if (c.views?.length) {
        const snap = copilotCli.launch({
          root: d.repo,
          cwd,
          view: "user",
          user: { home: d.home, env: { ...env, HOME: d.home, COPILOT_HOME: copilotHome } },
          agentArgs,
        });
        const session = copilotCli.onDemand?.(snap);
        const got = c.views.map((v) => {
          const res = session?.read(v.startsWith("<") ? d.sub(v) : join(d.repo, v));
          const reminders = (res?.items ?? []).map((i) => i.extra?.reminder as string);
          return (reminders.length === 0 ? "" : `\n${reminders.join("\n")}`).replaceAll(d.base, "<B>");
        });
        viewsOk = JSON.stringify(got) === JSON.stringify(r.attachments);
      }
      const agrees = regionOk && viewsOk;
      if (!regionOk && options.diff) console.log(firstDifference(c.name, r.region ?? "", region));
      return {
        agent: "copilot-cli",
        area,
        name: c.name,
        agrees,
        ...(agrees ? {} : { why: regionOk ? "view reminders differ" : "instruction part differs" }),
      };
    } catch (e) {
      return { agent: "copilot-cli", area, name: c.name, agrees: false, why: `model threw: ${String(e)}` };
    }
  });
}

/** The model's refusal of a recorded Copilot case's launch in the user view (its message), or null. */
function copilotRefusal(
  d: ReturnType<typeof writeCase>,
  cwd: string,
  env: Record<string, string>,
  copilotHome: string,
  agentArgs: string[],
): string | null {
  const snap = copilotCli.launch({
    root: d.repo,
    cwd,
    view: "user",
    user: { home: d.home, env: { ...env, HOME: d.home, COPILOT_HOME: copilotHome } },
    agentArgs,
  });
  const refused = (copilotCli.capabilities?.limits?.(snap, {}) ?? []).find(
    (f) => f.ruleId === "copilot-context-refused",
  );
  return refused ? refused.message : null;
}

function claude(): Verdict[] {
  const rec = readRecordings<ClaudeRecording>("claude-edges");
  const out: Verdict[] = [];
  const run = (cases: ClaudeEdgeCase[], area: string) => {
    for (const c of cases)
      for (const release of c.releases ?? ["2.1.332", "2.1.197"]) {
        const r = rec[`${c.name}@${release}`];
        if (!r) continue;
        const d = writeCase(c, "ac-rec-cl-");
        const name = `${c.name}@${release}`;
        try {
          const env = { HOME: d.home, CLAUDE_CONFIG_DIR: join(d.home, "cfg") };
          const snap = claudeCode.launch({
            root: d.repo,
            cwd: d.cwd,
            release,
            view: "user",
            user: { home: d.home, env },
          });
          const abs = (p: string) => (isAbsolute(p) ? p : join(d.repo, p));
          const model = snap.items
            .filter((i) => i.loadedAt === "launch")
            .map((i) => ({
              path: abs(i.path).replaceAll(d.base, "<B>"),
              text: snap.texts.get(i.path) ?? "",
            }));
          const cli = r.launch.map((f) => ({ path: f.path, text: f.text }));
          let ok = JSON.stringify(model) === JSON.stringify(cli);
          if (ok && c.tools?.length) {
            const launchPaths = r.launch.map((f) => undo(f.path, d.base));
            const launchTexts = new Map(r.launch.map((f) => [undo(f.path, d.base), f.text]));
            const session = claudeOnReadSession({
              root: d.repo,
              cwd: d.cwd,
              alreadyLoaded: launchPaths,
              release,
              launchTexts,
              home: d.home,
            });
            const turns = c.tools.map((t) => {
              const input = JSON.parse(d.sub(JSON.stringify(t.input)));
              return claudeAttachTargets(t.tool, input, d.cwd, release).flatMap((target) => {
                const res = session.read(target, { tool: t.tool, whole: true });
                return res.items.map((it) => ({
                  path: resolve(d.repo, it.path).replaceAll(d.base, "<B>"),
                  text: res.texts.get(it.path) ?? "",
                }));
              });
            });
            const byPath = (a: { path: string }, b: { path: string }) =>
              a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
            ok = JSON.stringify(turns.map((t) => [...t].sort(byPath))) === JSON.stringify(r.turns);
          }
          out.push({ agent: "claude-code", area, name, agrees: ok, ...(ok ? {} : { why: "files differ" }) });
        } catch (e) {
          out.push({ agent: "claude-code", area, name, agrees: false, why: `model threw: ${String(e)}` });
        }
      }
  };
  run(CLAUDE_AGENTS_TEXT_CASES, "AGENTS text already loaded");
  run(CLAUDE_BASH_DIRECTORY_CASES, "Bash on a directory");
  run(CLAUDE_ENV_CASES, "variables without effect");
  return out;
}

function codex(): Verdict[] {
  const rec = readRecordings<CodexRecording>("codex-edges");
  return CODEX_EDGE_CASES.filter((c) => rec[c.name]).map((c: RecordedCase) => {
    const r = rec[c.name] as CodexRecording;
    const d = writeCase(c, "ac-rec-cx-");
    const area = c.area ?? "other";
    const args = (c.args ?? []).map(d.sub);
    const opt = (k: string) => args.find((a) => a.startsWith(`${k}=`))?.slice(k.length + 1);
    const max = opt("project_doc_max_bytes");
    const fallback = opt("project_doc_fallback_filenames");
    const flag = (k: string) => (args.includes(k) ? args[args.indexOf(k) + 1] : undefined);
    const profile = flag("--profile");
    const dashC = flag("-C");
    try {
      const m = codexChain({
        root: d.repo,
        cwd: dashC ?? d.cwd,
        codexHome: join(d.home, ".codex"),
        ...(max !== undefined ? { maxBytes: Number(max) } : {}),
        ...(fallback !== undefined ? { fallbackNames: JSON.parse(fallback) as string[] } : {}),
        ...(profile !== undefined ? { profile } : {}),
      });
      // A run the CLI refuses agrees when the model says Codex refuses to start.
      const refuses = m.findings.some((p) => p.message.includes("Codex refuses to start"));
      if (r.code !== 0 || refuses) {
        const agrees = r.code !== 0 && refuses;
        return {
          agent: "codex",
          area,
          name: c.name,
          agrees,
          ...(agrees
            ? {}
            : { why: r.code !== 0 ? `the CLI stopped: ${r.error}` : "the model says Codex stops" }),
        };
      }
      const agrees = m.message.replaceAll(d.base, "<B>") === r.agents;
      return { agent: "codex", area, name: c.name, agrees, ...(agrees ? {} : { why: "message differs" }) };
    } catch (e) {
      return { agent: "codex", area, name: c.name, agrees: false, why: `model threw: ${String(e)}` };
    }
  });
}

function gemini(): Verdict[] {
  const rec = readRecordings<GeminiRecording>("gemini-user-layer");
  return GEMINI_USER_CASES.filter((c) => rec[c.name]).map((c) => {
    const r = rec[c.name] as GeminiRecording;
    const d = writeCase(c, "ac-rec-gm-");
    const area = c.area ?? "other";
    try {
      const env = Object.fromEntries(
        Object.entries(c.env ?? {}).flatMap(([k, v]) => (v === null ? [] : [[k, d.sub(v)]])),
      );
      const args = (c.args ?? []).map(d.sub);
      const include = args.flatMap((a, i) => (args[i - 1] === "--include-directories" ? [a] : []));
      const snap = geminiCli.launch({
        root: d.repo,
        cwd: d.cwd,
        view: "user",
        user: { home: d.home, env: { HOME: d.home, ...env } },
        ...(include.length > 0 ? { addDirs: include } : {}),
        agentArgs: args.filter((a) => !include.includes(a) && a !== "--include-directories"),
      });
      const abs = (p: string) => (isAbsolute(p) ? p : join(d.repo, p));
      // The system instruction's blocks (user memory), then the first message's: extensions, then the project.
      const rank = (i: (typeof snap.items)[number]) =>
        i.kind === "extension" ? 1 : i.reason.startsWith("user memory") ? 0 : 2;
      const model = snap.items
        .filter(
          (i) =>
            i.importedBy === null &&
            i.loadedAt === "launch" &&
            (i.kind === "memory" || i.kind === "extension"),
        )
        .sort((a, b) => rank(a) - rank(b))
        .map((i) => ({
          path: abs(i.path).replaceAll(d.base, "<B>"),
          block: (snap.texts.get(i.path) ?? "").replaceAll(d.base, "<B>"),
        }));
      const cli = [...parseBlocks(r.system), ...parseBlocks(r.session)].map((b) => ({
        path: b.path,
        block: b.block,
      }));
      const agrees = JSON.stringify(model) === JSON.stringify(cli);
      return { agent: "gemini-cli", area, name: c.name, agrees, ...(agrees ? {} : { why: "blocks differ" }) };
    } catch (e) {
      return { agent: "gemini-cli", area, name: c.name, agrees: false, why: `model threw: ${String(e)}` };
    }
  });
}

/** The verdicts of every recorded case (of one agent when `only` is given), in fixture order. */
export function recordedVerdicts(only?: string, options: AgreementOptions = {}): Verdict[] {
  const runners: Record<string, () => Verdict[]> = {
    "copilot-cli": () => copilot(options),
    "claude-code": claude,
    codex,
    "gemini-cli": gemini,
  };
  try {
    return Object.entries(runners)
      .filter(([id]) => !only || id === only)
      .flatMap(([, f]) => f());
  } finally {
    removeCases();
  }
}
