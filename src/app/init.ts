/**
 * The `init` pipeline: the launch total the cap ratchet starts at (the default agent's launch at the root,
 * charged as `cap` charges it), the hook command, the plan of every write (src/install/init.ts), and, with
 * `--adopt-kinds`, the adoption of the kinds an existing `.agent-context.json` does not charge yet: each
 * agent's cap raised by exactly those kinds' bytes (src/budget/adoption.ts `adoptionBytes`, the measure the
 * ratchet accepts the raise by in the change that adopts them; the file edited in place with jsonc-parser:
 * only `charge` and the raised caps change, every other byte stays as written). {@link runInit} writes
 * unless `dryRun`; nothing here prints.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits, type FormattingOptions, type JSONPath, modify } from "jsonc-parser";
import { defaultAgent, agents as registeredAgents } from "../agents/index.js";
import { checkRelease } from "../agents/release.js";
import { adoptionBytes } from "../budget/adoption.js";
import { capFor } from "../budget/cap-setting.js";
import { evaluateCap } from "../budget/evaluate.js";
import { chargingFor, DEFAULT_CHARGED_KINDS } from "../budget/kinds.js";
import { type AgentContextConfig, CONFIG_FILE } from "../config.js";
import { UsageError } from "../errors.js";
import {
  type AdoptionPlan,
  type AgentAdoption,
  applyInit,
  chooseHookCommand,
  type HookCommandChoice,
  type InitPlanItem,
  planInit,
} from "../install/init.js";
import { CHARGEABLE_KINDS, ITEM_KINDS, type ItemKind } from "../model/index.js";
import { Workspace } from "./workspace.js";

export type { AdoptionPlan, AgentAdoption, InitPlanItem } from "../install/init.js";

function union(a: readonly ItemKind[], b: readonly ItemKind[]): ItemKind[] {
  const set = new Set([...a, ...b]);
  return ITEM_KINDS.filter((k) => set.has(k));
}

/** The formatting of edits: the file's own indentation and line endings. */
function formatting(text: string): FormattingOptions {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
  };
}

/**
 * Plans adopting `kinds` (default: every chargeable kind) in the configuration `text` (parsed as `config`)
 * of the repository at `root`. Every registered agent is measured once per launch directory; `release` is the
 * default agent's release to model (the others: their newest).
 */
export function planAdoption(
  root: string,
  text: string,
  config: AgentContextConfig,
  opts: { kinds?: readonly ItemKind[]; release?: string } = {},
): AdoptionPlan {
  const wanted = opts.kinds ?? CHARGEABLE_KINDS;
  const next: AgentContextConfig = JSON.parse(JSON.stringify(config));
  next.charge = union(config.charge ?? DEFAULT_CHARGED_KINDS, wanted);
  const same = (a: readonly ItemKind[] | undefined, b: readonly ItemKind[]) =>
    a !== undefined && a.length === b.length && a.every((k, i) => k === b[i]);
  const edits: [JSONPath, unknown][] = same(config.charge, next.charge) ? [] : [[["charge"], next.charge]];
  for (const [id, a] of Object.entries(config.agents ?? {})) {
    if (!a.charge) continue;
    const own = union(a.charge, wanted);
    if (same(a.charge, own)) continue;
    (next.agents as Record<string, { charge?: ItemKind[] }>)[id] = { ...a, charge: own };
    edits.push([["agents", id, "charge"], own]);
  }
  const out: AgentAdoption[] = [];
  for (const agent of registeredAgents()) {
    const before = chargingFor(config, agent).kinds;
    const kinds = chargingFor(next, agent).kinds.filter((k) => !before.includes(k));
    if (kinds.length === 0) continue;
    const isDefault = agent.id === defaultAgent().id;
    const bytes = adoptionBytes(root, agent, kinds, isDefault ? opts.release : undefined);
    const from = capFor(config, agent);
    let key: string | null = null;
    if (bytes > 0) {
      const path: JSONPath =
        config.agents?.[agent.id]?.cap !== undefined || !isDefault ? ["agents", agent.id, "cap"] : ["cap"];
      key = path.join(".");
      edits.push([path, from + bytes]);
    }
    out.push({ agent: agent.id, kinds, bytes, from, to: from + bytes, key });
  }
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  let body = bom ? text.slice(1) : text;
  const formattingOptions = formatting(body);
  for (const [path, value] of edits)
    body = applyEdits(body, modify(body, path, value, { formattingOptions }));
  return { text: `${bom}${body}`, charge: next.charge, agents: out };
}

/**
 * Charged launch bytes of the default agent's launch at the root (the `cap` total: UTF-8 bytes as injected,
 * with the lists' overhead, the configuration's un-lowerable rules applied), charging `kinds` (default: every
 * chargeable kind, what a configuration `init` writes charges). Throws UsageError when the launch model is
 * unavailable or `.agent-context.json` is malformed, `release` is one the default agent's model does not
 * know, or a bound of agent-context's own cut the measurement (a cap started below what the agent loads
 * would pass nothing; src/model/cut.ts).
 * @param release the default agent's release to model (default: the newest it was verified on)
 */
export function launchTotal(
  ws: Workspace,
  release?: string,
  kinds: readonly ItemKind[] = CHARGEABLE_KINDS,
): number {
  const launch = ws.snapshot(defaultAgent(), { cwd: ws.root, ...(release ? { release } : {}) });
  const cut = launch.incomplete?.[0];
  if (cut)
    throw new UsageError(
      `${cut.path}: ${cut.message}; the launch context cannot be measured whole, so no cap is set — remove or narrow what the bound cut, then rerun init`,
    );
  return evaluateCap(launch.items, Number.MAX_SAFE_INTEGER, {
    unlowerable: ws.config().config.unlowerable,
    kinds,
    overhead: launch.overhead ?? [],
  }).total;
}

export interface InitOptions {
  /** Repository root (absolute, or relative to the process directory). */
  root: string;
  /** Plan and report; write nothing. */
  dryRun?: boolean;
  /** The default agent's release to model (default: the newest it was verified on). */
  release?: string;
  /**
   * The release of the default agent's CLI installed on this machine (src/app/installed.ts), when found and
   * known to the model: recorded as `agents.<id>.release` in `.agent-context.json` unless one is set there,
   * and modelled for the launch total (absent `release`).
   */
  installed?: string;
  /** `--adopt-kinds`: the kinds to adopt (an empty list or `true`: every chargeable kind); absent: no adoption. */
  adoptKinds?: readonly ItemKind[] | true;
  /** The Workspace to run on (its root is the root). */
  workspace?: Workspace;
}

export interface InitResult {
  /** Absolute root. */
  root: string;
  /** The default agent's release given (checked), or undefined. */
  release: string | undefined;
  /** The charged launch total the cap starts at, bytes. */
  launchTotal: number;
  /** The default agent's default cap, bytes. */
  defaultCap: number;
  /** The hook command installed and whether it is portable (a teammate's clone resolves it). */
  hook: HookCommandChoice;
  /** Every file's planned action, in order; written unless `dryRun`. */
  plan: InitPlanItem[];
  dryRun: boolean;
}

/**
 * Records `release`, the installed CLI's, as `agents.<default id>.release` in the planned
 * `.agent-context.json` (created, updated, or left as it is: then edited in place with jsonc-parser), unless
 * the file pins a release for that agent already; the item's note says so.
 */
function recordRelease(root: string, plan: InitPlanItem[], release: string): void {
  const item = plan.find((p) => p.file === CONFIG_FILE);
  if (!item) return;
  const { id, name } = defaultAgent();
  const text = item.action === "unchanged" ? readFileSync(join(root, CONFIG_FILE), "utf8") : item.content;
  if (text === undefined) return;
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const body = bom ? text.slice(1) : text;
  const parsed = JSON.parse(body) as AgentContextConfig;
  if (parsed.agents?.[id]?.release !== undefined) return;
  const edited = applyEdits(
    body,
    modify(body, ["agents", id, "release"], release, { formattingOptions: formatting(body) }),
  );
  const note = `agents.${id}.release set to ${release}, the ${name} CLI installed here (cap, lint, route and the hook model it; change it when the team moves to another release)`;
  if (item.action === "unchanged") {
    Object.assign(item, {
      action: "update",
      content: `${bom}${edited}`,
      expected: text,
      note: `${CONFIG_FILE}: ${note}`,
    });
  } else {
    Object.assign(item, { content: `${bom}${edited}`, note: `${item.note}; ${note}` });
  }
}

/**
 * Runs `init`: measures the launch, plans the configuration and the hook, writes the plan all-or-nothing
 * unless `dryRun`. Throws UsageError for an unknown release, a malformed file, a cut measurement or a
 * write that fails (nothing is written then).
 */
export function runInit(opts: InitOptions): InitResult {
  const ws = opts.workspace ?? Workspace.at(opts.root);
  const root = ws.root;
  const given = opts.release ?? opts.installed;
  const release = given === undefined ? undefined : checkRelease(defaultAgent(), given);
  // No read scope: the writes check each file against the text planned, read again.
  const total = launchTotal(ws, release);
  const hook = chooseHookCommand(root);
  const kinds = opts.adoptKinds === true || opts.adoptKinds?.length === 0 ? undefined : opts.adoptKinds;
  const plan = planInit({
    root,
    launchTotal: total,
    defaultCap: defaultAgent().defaultCap,
    command: hook.command,
    known: hook.known,
    ...(opts.adoptKinds === undefined
      ? {}
      : {
          adopt: (text: string, config: AgentContextConfig) =>
            planAdoption(root, text, config, {
              ...(kinds ? { kinds } : {}),
              ...(release ? { release } : {}),
            }),
        }),
  });
  if (opts.installed !== undefined && opts.release === undefined) recordRelease(root, plan, opts.installed);
  if (!opts.dryRun) applyInit(root, plan);
  return {
    root,
    release,
    launchTotal: total,
    defaultCap: defaultAgent().defaultCap,
    hook,
    plan,
    dryRun: opts.dryRun === true,
  };
}
