/**
 * The one pull-request comment the GitHub Action keeps: found by a fixed first line (a marker such as
 * `<!-- agent-context:cap -->`), updated in place on every run, never posted twice. Talks to the GitHub REST
 * API with the job's token; when the token may not write (a pull request from a fork, a workflow without
 * `pull-requests: write`), it says so and changes nothing. Never fails the job: the verdict is the check's
 * exit status and the annotations, not this comment.
 */
import { readFileSync } from "node:fs";

/** GitHub's limit on a comment body, in characters (UTF-16 code units). */
export const MAX_COMMENT_CHARS = 65_536;
/** Pages of comments read at most while looking for ours (100 per page). */
export const MAX_COMMENT_PAGES = 50;

export interface CommentTarget {
  /** API base, e.g. `https://api.github.com` (GITHUB_API_URL). */
  apiUrl: string;
  /** The job's token (GITHUB_TOKEN or the `github-token` input). */
  token: string;
  /** `owner/name` (GITHUB_REPOSITORY). */
  repository: string;
  /** The pull request's number. */
  number: number;
}

/** What happened: the comment's URL when one was written or found. */
export type CommentOutcome =
  | { action: "created" | "updated" | "unchanged"; url: string }
  | { action: "no-permission"; status: number; message: string }
  | { action: "failed"; message: string };

interface IssueComment {
  id: number;
  body?: string;
  html_url?: string;
  user?: { login?: unknown } | null;
}

/**
 * The login GitHub Actions' own token (GITHUB_TOKEN, an installation token of the GitHub Actions app)
 * comments as. Such a token may not read `/user` (403 "Resource not accessible by integration").
 */
export const ACTIONS_BOT_LOGIN = "github-actions[bot]";

/**
 * Who the token comments as: `GET /user`'s login for a token of a user (a personal token, a user-to-server
 * token), else — a 401/403 there, as for GITHUB_TOKEN — {@link ACTIONS_BOT_LOGIN}. Null when the API gives
 * neither (then no comment is edited: only a new one is written).
 */
export async function tokenIdentity(t: CommentTarget): Promise<string | null> {
  const r = await api(t, "GET", "/user");
  const login = (r.json as { login?: unknown } | null)?.login;
  if (r.status === 200 && typeof login === "string" && login !== "") return login;
  if (r.status === 401 || r.status === 403) return ACTIONS_BOT_LOGIN;
  return null;
}

/** Cuts a body to GitHub's limit, saying so in a last line. */
export function fitComment(body: string): string {
  if (body.length <= MAX_COMMENT_CHARS) return body;
  const note = "\n\n… (cut to GitHub's comment limit; the whole report is in the job summary)\n";
  return body.slice(0, MAX_COMMENT_CHARS - note.length) + note;
}

async function api(
  t: CommentTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; text: string }> {
  const res = await fetch(`${t.apiUrl.replace(/\/+$/, "")}${path}`, {
    method,
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${t.token}`,
      "x-github-api-version": "2022-11-28",
      "user-agent": "agent-context",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

function denied(status: number): boolean {
  return status === 401 || status === 403 || status === 404;
}

function messageOf(r: { json: unknown; text: string }): string {
  const m = (r.json as { message?: unknown } | null)?.message;
  return typeof m === "string" ? m : r.text.slice(0, 200);
}

/**
 * Creates or updates the comment whose body starts with `marker` on pull request `t.number` and that the
 * token's own identity wrote ({@link tokenIdentity}): a comment of anyone else's is never edited, whatever
 * its first line says (anyone may post the marker). Reads at most {@link MAX_COMMENT_PAGES} pages of
 * comments. Never throws: network and API errors are a `failed` outcome, a token that may not read or
 * write is `no-permission`.
 */
export async function upsertComment(t: CommentTarget, marker: string, body: string): Promise<CommentOutcome> {
  const text = fitComment(body);
  try {
    const base = `/repos/${t.repository}/issues`;
    const me = await tokenIdentity(t);
    let ours: IssueComment | undefined;
    for (let page = 1; page <= MAX_COMMENT_PAGES && !ours; page++) {
      const r = await api(t, "GET", `${base}/${t.number}/comments?per_page=100&page=${page}`);
      if (denied(r.status)) return { action: "no-permission", status: r.status, message: messageOf(r) };
      if (r.status !== 200 || !Array.isArray(r.json))
        return { action: "failed", message: `HTTP ${r.status}: ${messageOf(r)}` };
      const list = r.json as IssueComment[];
      ours = list.find(
        (c) =>
          me !== null &&
          c.user?.login === me &&
          typeof c.body === "string" &&
          c.body.split("\n", 1)[0]?.trim() === marker,
      );
      if (list.length < 100) break;
    }
    if (ours?.body === text) return { action: "unchanged", url: ours.html_url ?? "" };
    const r = ours
      ? await api(t, "PATCH", `${base}/comments/${ours.id}`, { body: text })
      : await api(t, "POST", `${base}/${t.number}/comments`, { body: text });
    if (denied(r.status)) return { action: "no-permission", status: r.status, message: messageOf(r) };
    if (r.status !== 200 && r.status !== 201)
      return { action: "failed", message: `HTTP ${r.status}: ${messageOf(r)}` };
    return { action: ours ? "updated" : "created", url: (r.json as IssueComment).html_url ?? "" };
  } catch (e) {
    return { action: "failed", message: (e as Error).message };
  }
}

/** The pull request number of the event that started the workflow, or null (not a pull-request event). */
export function pullRequestNumber(eventPath: string | undefined): number | null {
  if (!eventPath) return null;
  try {
    const event = JSON.parse(readFileSync(eventPath, "utf8")) as {
      pull_request?: { number?: unknown };
      number?: unknown;
    };
    const n = event.pull_request?.number ?? (event.pull_request ? event.number : undefined);
    return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * The Action's comment step: `node dist/ci/pr-comment.js REPORT.md`. Reads the report (its first line is
 * the marker), the token from `AC_GITHUB_TOKEN` (else `GITHUB_TOKEN`) and the GitHub Actions environment
 * (`GITHUB_API_URL`, `GITHUB_REPOSITORY`, `GITHUB_EVENT_PATH`), and prints one line saying what it did (a
 * `::notice::` when it could not comment; nothing outside a pull-request event). Returns 0 always.
 */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const file = argv[0];
  let body: string;
  try {
    body = readFileSync(file ?? "", "utf8");
  } catch {
    say(`::warning title=agent-context::no report to comment with (${file ?? "no file given"})`);
    return 0;
  }
  const number = pullRequestNumber(env.GITHUB_EVENT_PATH);
  // Not a pull-request event (a push, a schedule): nothing to comment on, and nothing worth a line.
  if (number === null) return 0;
  const token = env.AC_GITHUB_TOKEN || env.GITHUB_TOKEN;
  if (!token || !env.GITHUB_REPOSITORY) {
    say(
      "::notice title=agent-context::no token or repository to comment with; the report is in the job summary",
    );
    return 0;
  }
  const marker = body.split("\n", 1)[0]?.trim() ?? "";
  const out = await upsertComment(
    {
      apiUrl: env.GITHUB_API_URL || "https://api.github.com",
      token,
      repository: env.GITHUB_REPOSITORY,
      number,
    },
    marker,
    body,
  );
  if (out.action === "no-permission") {
    say(
      `::notice title=agent-context::no permission to comment on pull request #${number} (HTTP ${out.status}: ${out.message}); a pull request from a fork gets a read-only token. The report is in the job summary and the annotations; give the workflow \`pull-requests: write\` to get the comment.`,
    );
  } else if (out.action === "failed") {
    say(`::warning title=agent-context::could not comment on pull request #${number}: ${out.message}`);
  } else {
    say(
      `agent-context: ${out.action} the comment on pull request #${number}${out.url ? ` (${out.url})` : ""}`,
    );
  }
  return 0;
}
