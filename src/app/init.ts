/**
 * `init --adopt-kinds`: charge the kinds an existing `.agent-context.json` does not charge yet, and raise each
 * agent's cap by exactly those kinds' bytes (src/budget/adoption.ts `adoptionBytes`, the measure the ratchet
 * accepts the raise by in the change that adopts them). The file is edited in place (jsonc-parser): only
 * `charge` and the raised caps change; every other byte stays as written. Pure: plans, never writes.
 */
import { applyEdits, type FormattingOptions, type JSONPath, modify } from "jsonc-parser";
import { defaultAgent, agents as registeredAgents } from "../agents/index.js";
import { adoptionBytes } from "../budget/adoption.js";
import { capFor } from "../budget/cap-setting.js";
import { chargingFor, DEFAULT_CHARGED_KINDS } from "../budget/kinds.js";
import type { AgentContextConfig } from "../config.js";
import { CHARGEABLE_KINDS, ITEM_KINDS, type ItemKind } from "../model/index.js";

/** What adopting does for one agent. */
export interface AgentAdoption {
  /** Registry id. */
  agent: string;
  /** The kinds it charges from now on that it did not charge before. */
  kinds: ItemKind[];
  /** Their bytes (the largest over the launch directories), by which its cap is raised. */
  bytes: number;
  /** The cap before and after, bytes. */
  from: number;
  to: number;
  /** The key the cap is written to (`cap` or `agents.<id>.cap`); null when the cap is unchanged. */
  key: string | null;
}

/** The planned adoption: the new configuration text and one record per agent whose charging changes. */
export interface AdoptionPlan {
  /** The configuration text after adopting (equal to the input when nothing changes). */
  text: string;
  /** The kinds the configuration charges after adopting (top level). */
  charge: ItemKind[];
  agents: AgentAdoption[];
}

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
