/**
 * One Codex skill file read as Codex 0.171.0 reads it (docs/findings-sources-codex.md): a `SKILL.md` opening
 * with a `---` frontmatter block, `name` (else the folder's name) and `description`, each made one line
 * (whitespace runs, newlines included, become one space); a `name` over 64 characters or a missing or empty
 * `description` drops the skill; a frontmatter YAML rejects is still read line by line (`description: bad:
 * yaml: [` is listed). Beside it, `agents/openai.yaml` with `policy.allow_implicit_invocation: false` hides it
 * (a broken file hides nothing). Settled by the sources cases `codex_names_a_skill_by_frontmatter_*`,
 * `codex_drops_a_skill_*`, `codex_cuts_a_description_*` and `codex_hides_a_skill_*`.
 */
import { lazyYaml } from "../../markdown/lazy.js";

/** A `name` longer than this (characters) drops the skill. */
export const CODEX_SKILL_NAME_MAX = 64;
/** A description longer than this (characters) is cut to {@link CODEX_DESCRIPTION_KEPT} and `...`. */
export const CODEX_DESCRIPTION_MAX = 1024;
/** Characters of a cut description that are sent before the `...`. */
export const CODEX_DESCRIPTION_KEPT = 1021;

/** What a SKILL.md says, or why Codex drops it. */
export interface CodexSkillFile {
  /** The name Codex lists (frontmatter `name`, else the folder's name), one line. */
  name: string;
  frontmatterName?: string;
  /** The description, one line, before the cut; undefined when absent or empty. */
  description?: string;
  /** Why Codex does not list it (undefined: listed). */
  dropped?: "no-frontmatter" | "no-description" | "name-too-long";
  /** The frontmatter YAML's parse error, when Codex fell back to reading it line by line. */
  frontmatterError?: string;
}

/** Whitespace runs (newlines too) made one space, ends trimmed: how Codex makes a field one line. */
export function codexOneLine(s: string): string {
  return s.split(/\s+/u).filter(Boolean).join(" ");
}

/** Characters (code points), as Codex counts a field's length. */
export const codePoints = (s: string): number => [...s].length;

/** The frontmatter block between a first line `---` and the next `---` line, or null. */
function frontmatterBlock(text: string): string | null {
  // A byte order mark before `---` is not skipped: no frontmatter, the skill is dropped (fuzz seed cx:2).
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return null;
  const end = lines.findIndex((l, i) => i > 0 && l.trimEnd() === "---");
  if (end < 0) return null;
  return lines.slice(1, end).join("\n");
}

/** `key: value` lines of a frontmatter YAML rejects (quotes around a value dropped). */
function lineFields(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.split("\n")) {
    const m = /^([A-Za-z0-9_-]+):[ \t]*(.*)$/.exec(line);
    if (!m) continue;
    let v = (m[2] as string).trim();
    if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0] as string)) v = v.slice(1, -1);
    out[m[1] as string] = v;
  }
  return out;
}

/** A scalar field as text (a number or boolean as written), else undefined. */
function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** Reads a SKILL.md's text as Codex does; `folder` is the name of the folder holding it. */
export function readCodexSkill(text: string, folder: string): CodexSkillFile {
  const raw = frontmatterBlock(text);
  if (raw === null) return { name: folder, dropped: "no-frontmatter" };
  let fields: Record<string, unknown>;
  let frontmatterError: string | undefined;
  try {
    const parsed = lazyYaml().parse(raw) as unknown;
    fields =
      parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
  } catch (e) {
    frontmatterError = (e as Error).message.split("\n")[0] ?? "invalid YAML";
    fields = lineFields(raw);
  }
  const fmName = scalar(fields.name);
  const name = fmName !== undefined && codexOneLine(fmName) !== "" ? codexOneLine(fmName) : folder;
  const d = scalar(fields.description);
  const description = d === undefined ? undefined : codexOneLine(d) || undefined;
  const base: CodexSkillFile = {
    name,
    ...(fmName !== undefined ? { frontmatterName: fmName } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(frontmatterError !== undefined ? { frontmatterError } : {}),
  };
  if (codePoints(name) > CODEX_SKILL_NAME_MAX) return { ...base, dropped: "name-too-long" };
  if (description === undefined) return { ...base, dropped: "no-description" };
  return base;
}

/** The description as Codex sends it: over 1,024 characters, the first 1,021 and `...`. */
export function codexCutDescription(description: string): string {
  const chars = [...description];
  return chars.length > CODEX_DESCRIPTION_MAX
    ? `${chars.slice(0, CODEX_DESCRIPTION_KEPT).join("")}...`
    : description;
}

/** Whether an `agents/openai.yaml` text hides its skill (`policy.allow_implicit_invocation: false`). */
export function openaiYamlHides(text: string): boolean {
  try {
    const v = lazyYaml().parse(text) as { policy?: { allow_implicit_invocation?: unknown } } | null;
    return v?.policy?.allow_implicit_invocation === false;
  } catch {
    return false; // a broken openai.yaml hides nothing
  }
}
