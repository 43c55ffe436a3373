/**
 * Comparing what the model predicts with what the CLI delivered, file by file and byte for byte.
 */
import type { DeliveredFile, Delivery } from "../model/index.js";
import { entryDifferences } from "./entries.js";

/** One way the CLI and the model differ. */
export interface Disagreement {
  /** `launch`, or `read PATH` (PATH relative to the repository). */
  moment: string;
  /**
   * `missing`: the CLI delivered a file the model does not predict; `extra`: the model predicts a file the
   * CLI did not deliver; `text`: both have the file, the text differs; `order`: same files, another order;
   * `label`: same text, another label; `message`: a one-message agent's message differs (no file
   * boundary to compare). For a list entry (`entry` set), the same words apply to the entry.
   */
  kind: "missing" | "extra" | "text" | "order" | "label" | "message";
  /** The file (relative to the repository, or absolute outside it); absent for `order`. */
  file?: string;
  /**
   * For a list entry (a skill, a subagent, a command): `LIST NAME` (`skills deploy`); for an `order` of
   * entries, the list. Absent for a file.
   */
  entry?: string;
  /** What the model says: bytes and, for text differences, the text around the first differing byte. */
  model: string;
  /** What the CLI did, in the same terms. */
  cli: string;
  /** For `text` / `message`: the byte offset (in the file's text, or the message) of the first difference. */
  offset?: number;
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/** The first differing UTF-16 index of two strings (the shorter's length when one is a prefix). */
function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

/** Up to 60 characters from `i`, as a JSON string (so whitespace and BOMs show). */
function excerpt(s: string, i: number): string {
  const start = Math.max(0, i - 20);
  const part = s.slice(start, i + 40);
  return `${start > 0 ? "…" : ""}${JSON.stringify(part)}${i + 40 < s.length ? "…" : ""}`;
}

function textDiff(model: string, cli: string): { offset: number; model: string; cli: string } {
  const i = firstDifference(model, cli);
  const offset = bytes(model.slice(0, i));
  return {
    offset,
    model: `${bytes(model)} bytes, at byte ${offset}: ${excerpt(model, i)}`,
    cli: `${bytes(cli)} bytes, at byte ${offset}: ${excerpt(cli, i)}`,
  };
}

/**
 * Every difference between `model` and `cli` at one moment. Files are matched by path; a file both have is
 * compared by text and label; when both have the same files in another order, one `order` disagreement.
 * With a `message` on the CLI's side (a one-message agent), the messages are compared instead and a
 * difference is placed in the model's file that holds the first differing byte.
 */
export function compareDelivery(
  moment: string,
  model: Delivery,
  cli: Delivery,
  show: (abs: string) => string,
): Disagreement[] {
  return [...compareFiles(moment, model, cli, show), ...compareEntries(moment, model, cli)];
}

/**
 * The list entries' differences, when both sides read them: each missing, extra or different entry named
 * by its list and name (texts shown from their start, or around the first differing byte).
 */
function compareEntries(moment: string, model: Delivery, cli: Delivery): Disagreement[] {
  if (model.entries === undefined || cli.entries === undefined) return [];
  return entryDifferences(model.entries, cli.entries).map((d) => {
    const shown = (t: string | undefined) =>
      t === undefined ? "not listed" : `listed, ${bytes(t)} bytes: ${excerpt(t, 0)}`;
    if (d.kind === "text") {
      const t = textDiff(d.model ?? "", d.cli ?? "");
      return { moment, kind: d.kind, entry: d.entry ?? d.list, ...t };
    }
    if (d.kind === "order")
      return { moment, kind: d.kind, entry: d.list, model: d.model ?? "", cli: d.cli ?? "" };
    return { moment, kind: d.kind, entry: d.entry ?? d.list, model: shown(d.model), cli: shown(d.cli) };
  });
}

function compareFiles(
  moment: string,
  model: Delivery,
  cli: Delivery,
  show: (abs: string) => string,
): Disagreement[] {
  if (cli.message !== undefined) {
    const m = model.message ?? "";
    if (m === cli.message) return [];
    const d = textDiff(m, cli.message);
    const i = firstDifference(m, cli.message);
    const holder = model.files.find((f) => {
      const at = m.indexOf(f.text);
      return at >= 0 && at <= i && i <= at + f.text.length;
    });
    return [{ moment, kind: "message", ...(holder ? { file: show(holder.path) } : {}), ...d }];
  }
  const out: Disagreement[] = [];
  const byPath = (files: DeliveredFile[]) => new Map(files.map((f) => [f.path, f]));
  const mm = byPath(model.files);
  const cm = byPath(cli.files);
  for (const c of cli.files) {
    const m = mm.get(c.path);
    if (!m) {
      out.push({
        moment,
        kind: "missing",
        file: show(c.path),
        model: "not delivered",
        cli: `delivered, ${bytes(c.text)} bytes: ${excerpt(c.text, 0)}`,
      });
      continue;
    }
    if (m.text !== c.text)
      out.push({ moment, kind: "text", file: show(c.path), ...textDiff(m.text, c.text) });
    else if (m.label !== undefined && c.label !== undefined && m.label !== c.label)
      out.push({ moment, kind: "label", file: show(c.path), model: `(${m.label})`, cli: `(${c.label})` });
  }
  for (const m of model.files)
    if (!cm.has(m.path))
      out.push({
        moment,
        kind: "extra",
        file: show(m.path),
        model: `delivered, ${bytes(m.text)} bytes: ${excerpt(m.text, 0)}`,
        cli: "not delivered",
      });
  if (out.length === 0) {
    const mo = model.files.map((f) => f.path);
    const co = cli.files.map((f) => f.path);
    if (mo.join("\n") !== co.join("\n"))
      out.push({ moment, kind: "order", model: mo.map(show).join(", "), cli: co.map(show).join(", ") });
  }
  return out;
}
