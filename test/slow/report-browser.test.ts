/**
 * `agent-context report` in a real browser: the BUILT CLI writes the HTML file for a copy of
 * examples/acme-shop (made a git repository, changed after its first commit, with a rule whose name, glob
 * and heading are markup) and for a few corpus repositories; headless Chromium (playwright-core, the
 * system's Debian `chromium`) opens each from disk. One browser for the whole file. Skipped, with a
 * message naming the package, when no Chromium is found.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusPresent, materialize } from "../../scripts/corpus.mjs";
import { cli } from "../e2e/report-helpers.js";
import { BROWSER_SKIP_MESSAGE, findChromium } from "../support/browser.js";

const CHROMIUM = findChromium();
if (!CHROMIUM) console.warn(BROWSER_SKIP_MESSAGE);
const SHOTS = resolve(import.meta.dirname, "../../test-output/report");
const EVIL = "<img src=x onerror=alert(1)>";
/** Corpus repositories with launches of every shape: many charged files, nested memory, several agents. */
const CORPUS = ["me2resh__apexyard", "Cratis__Chronicle", "google-gemini__gemini-cli"];
const corpus = corpusPresent() ? CORPUS : [];
if (!corpusPresent()) console.warn(`report corpus cases skipped: no corpus at ${CORPUS_DIR}`);

interface Subject {
  name: string;
  root: string;
  file: string;
  /** `cap --json --agent all --all-cwds` totals, by `agent cwd` (cwd relative to the root, `.` for it). */
  totals: Map<string, number>;
  /** `cap --json` item reasons, by `agent cwd path`. */
  reasons: Map<string, string>;
}

let browser: Browser | undefined;
const tmp: string[] = [];
const cleanups: (() => void)[] = [];
const subjects: Subject[] = [];

function git(root: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], {
    cwd: root,
    stdio: "ignore",
  });
}

function capTotals(root: string): Pick<Subject, "totals" | "reasons"> {
  const r = cli(["cap", root, "--agent", "all", "--all-cwds", "--json"]);
  const runs = JSON.parse(r.stdout) as {
    agent: string;
    root: string;
    cwd: string;
    total: number;
    items: { path: string; reason: string }[];
  }[];
  const totals = new Map<string, number>();
  const reasons = new Map<string, string>();
  for (const run of runs) {
    const cwd = relative(run.root, run.cwd) || ".";
    totals.set(`${run.agent} ${cwd}`, run.total);
    for (const i of run.items) reasons.set(`${run.agent} ${cwd} ${i.path}`, i.reason);
  }
  return { totals, reasons };
}

function makeReport(name: string, root: string, extra: string[] = []): Subject {
  const out = join(tmp[0] as string, `${name}.html`);
  const r = cli(["report", root, "--agent", "all", "--out", out, ...extra]);
  expect(r.stderr.split("\n").filter((l) => l.startsWith("agent-context:"))).toEqual([]);
  expect(r.code).toBe(0);
  expect(r.stdout.trim()).toBe(out);
  return { name, root, file: out, ...capTotals(root) };
}

beforeAll(() => {
  if (!CHROMIUM) return;
  const t = realpathSync(mkdtempSync(join(tmpdir(), "ac-report-")));
  tmp.push(t);
  // acme-shop as a git repository: a first commit, then a change (so --base HEAD has a per-file delta)
  // and a rule whose file name, glob and heading are markup.
  const acme = join(t, "acme-shop");
  cpSync(resolve(import.meta.dirname, "../../examples/acme-shop"), acme, { recursive: true });
  git(acme, "init", "-q", "-b", "main");
  git(acme, "add", "-A");
  git(acme, "commit", "-qm", "base");
  appendFileSync(join(acme, "CLAUDE.md"), "\nOne more line of guidance, added after the base commit.\n");
  mkdirSync(join(acme, ".claude/rules"), { recursive: true });
  writeFileSync(join(acme, `.claude/rules/${EVIL}.md`), `# ${EVIL} heading\n\nA rule named like markup.\n`);
  writeFileSync(
    join(acme, ".claude/rules/evil-scoped.md"),
    `---\npaths:\n  - "src/${EVIL}/**"\n---\n# Scoped ${EVIL}\n`,
  );
  subjects.push(makeReport("acme-shop", acme, ["--base", "HEAD"]));
  for (const name of corpus) {
    const m = materialize(name);
    cleanups.push(m.cleanup);
    subjects.push(makeReport(name, m.dir));
  }
}, 240_000);

beforeAll(async () => {
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const c of cleanups) c();
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
  dialogs: string[];
}

const opened = new Map<string, Opened>();

/** The subject's page, opened once (desktop width) and shared by the tests; never closed before afterAll. */
async function open(s: Subject): Promise<Opened> {
  const known = opened.get(s.name);
  if (known) return known;
  const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
  const o: Opened = { page, errors: [], requests: [], dialogs: [] };
  page.on("console", (m) => {
    if (m.type() === "error") o.errors.push(m.text());
  });
  page.on("pageerror", (e) => o.errors.push(e.message));
  page.on("request", (r) => o.requests.push(r.url()));
  page.on("dialog", (d) => {
    o.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(pathToFileURL(s.file).href);
  opened.set(s.name, o);
  return o;
}

const names = () => subjects.map((s) => s.name);
const subject = (name: string) => subjects.find((s) => s.name === name) as Subject;

describe.skipIf(!CHROMIUM)("the report in headless Chromium", () => {
  it("the_report_opens_with_no_console_error_and_requests_nothing_but_itself", async () => {
    expect(names()).toEqual(["acme-shop", ...corpus]);
    for (const s of subjects) {
      const o = await open(s);
      await o.page.locator(".cell").first().click();
      expect(o.errors, s.name).toEqual([]);
      expect(o.requests, s.name).toEqual([pathToFileURL(s.file).href]);
    }
  });

  it("the_totals_shown_equal_cap_json_totals_for_every_agent_and_launch_directory", async () => {
    for (const s of subjects) {
      const o = await open(s);
      const shown = await o.page.$$eval(".launch", (els) =>
        els.map((el) => {
          const t = el.querySelector('[data-testid="launch-total"]') as HTMLElement;
          return {
            key: `${el.getAttribute("data-agent")} ${el.getAttribute("data-cwd")}`,
            text: t.textContent,
            bytes: t.dataset.bytes,
          };
        }),
      );
      expect(new Set(shown.map((x) => x.key)), s.name).toEqual(new Set(s.totals.keys()));
      for (const x of shown) {
        const total = s.totals.get(x.key) as number;
        expect(Number(x.bytes), `${s.name} ${x.key}`).toBe(total);
        expect(x.text, `${s.name} ${x.key}`).toBe(`${total.toLocaleString("en-US")} B`);
      }
    }
  });

  it("a_click_on_a_treemap_cell_reveals_why_that_file_loads", async () => {
    for (const s of subjects) {
      const o = await open(s);
      const cells = o.page.locator('.launch[data-agent="claude-code"][data-cwd="."] .cell[data-cell]');
      const n = await cells.count();
      // acme-shop: eight files, two skills and a subagent, each its own cell.
      if (s.name === "acme-shop") expect(n).toBe(11);
      for (let i = 0; i < Math.min(n, 4); i++) {
        const cell = cells.nth(i);
        const label = (await cell.getAttribute("aria-label")) as string;
        const path = label.slice(0, label.lastIndexOf(": ")).replace(/: [\d,]+ bytes injected.*$/, "");
        await cell.click();
        const panel = o.page.locator('.launch[data-agent="claude-code"][data-cwd="."] .details');
        await expect.poll(() => panel.locator("h4").textContent()).toBe(path);
        const reason = s.reasons.get(`claude-code . ${path}`);
        if (reason !== undefined && !/un-lowerable/.test((await panel.textContent()) ?? ""))
          expect(await panel.textContent()).toContain(reason);
        expect(await cell.getAttribute("aria-pressed")).toBe("true");
      }
    }
  });

  it("enter_on_a_focused_cell_reveals_its_reason_and_focus_shows_its_bytes", async () => {
    const s = subject("acme-shop");
    const o = await open(s);
    const launch = o.page.locator('.launch[data-agent="claude-code"][data-cwd="."]');
    const cell = launch.locator('.cell[aria-label^="CLAUDE.md:"]');
    await cell.focus();
    await expect
      .poll(() => launch.locator(".readout").textContent())
      .toMatch(/^CLAUDE\.md: [\d,]+ bytes injected, [\d,]+ bytes on disk$/);
    await o.page.keyboard.press("Enter");
    const panel = launch.locator(".details");
    await expect.poll(() => panel.locator("h4").textContent()).toBe("CLAUDE.md");
    expect(await panel.textContent()).toContain(s.reasons.get("claude-code . CLAUDE.md") as string);
  });

  it("tab_reaches_every_treemap_cell", async () => {
    for (const s of subjects) {
      const o = await open(s);
      const all = await o.page.$$eval(".cell", (els) =>
        els.map((el) => `${el.getAttribute("data-launch")}/${el.getAttribute("data-cell")}`),
      );
      const stops = await o.page.$$eval("a[href], summary, [tabindex]", (els) => els.length);
      await o.page.evaluate(() => {
        const w = window as unknown as { reached: string[] };
        w.reached = [];
        (document.activeElement as HTMLElement | null)?.blur();
        document.addEventListener("focusin", (ev) => {
          const a = ev.target as HTMLElement;
          if (a.classList.contains("cell"))
            w.reached.push(`${a.getAttribute("data-launch")}/${a.getAttribute("data-cell")}`);
        });
      });
      for (let i = 0; i < stops + 2; i++) await o.page.keyboard.press("Tab");
      const reached = new Set(
        await o.page.evaluate(() => (window as unknown as { reached: string[] }).reached),
      );
      expect(all.length, s.name).toBeGreaterThan(0);
      expect([...reached].sort(), s.name).toEqual([...all].sort());
    }
  });

  it("the_dark_scheme_changes_the_background", async () => {
    const o = await open(subject("acme-shop"));
    await o.page.emulateMedia({ colorScheme: "light" });
    const bg = () => o.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await o.page.emulateMedia({ colorScheme: "light" });
    const light = await bg();
    await o.page.emulateMedia({ colorScheme: "dark" });
    const dark = await bg();
    expect(light).toBe("rgb(255, 255, 255)");
    expect(dark).not.toBe(light);
    await o.page.emulateMedia({ colorScheme: "light" });
  });

  it("at_phone_width_the_page_never_scrolls_sideways_and_screenshots_are_written", async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const s of subjects) {
      const o = await open(s);
      await o.page.setViewportSize({ width: 375, height: 800 });
      const widths = await o.page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.body.scrollWidth,
        window.innerWidth,
      ]);
      expect(widths[0], s.name).toBeLessThanOrEqual(375);
      expect(widths[1], s.name).toBeLessThanOrEqual(375);
      await o.page.screenshot({ path: join(SHOTS, `${s.name}-phone.png`) });
      await o.page.setViewportSize({ width: 1280, height: 900 });
      await o.page.screenshot({ path: join(SHOTS, `${s.name}-desktop.png`) });
    }
  });

  it("repository_text_that_looks_like_markup_stays_text", async () => {
    const o = await open(subject("acme-shop"));
    expect(await o.page.locator("img").count()).toBe(0);
    const text = (await o.page.textContent("body")) ?? "";
    expect(text).toContain(`.claude/rules/${EVIL}.md`);
    expect(text).toContain(`src/${EVIL}/**`);
    await o.page.locator(`.cell[aria-label^=".claude/rules/<img"]`).first().click();
    expect(o.dialogs).toEqual([]);
    expect(o.errors).toEqual([]);
  });

  it("with_base_the_change_per_file_is_shown", async () => {
    const o = await open(subject("acme-shop"));
    const launch = o.page.locator('.launch[data-agent="claude-code"][data-cwd="."]');
    const change = await launch.locator('[data-testid="launch-change"]').textContent();
    const r = cli(["cap", subject("acme-shop").root, "--base", "HEAD", "--json"]);
    const delta = (JSON.parse(r.stdout) as { delta: { change: number; files: { path: string }[] } }).delta;
    expect(change).toBe(`+${delta.change.toLocaleString("en-US")} B`);
    const rows = await launch
      .locator("details.table", { hasText: "Changed against HEAD" })
      .locator("tbody tr td.path")
      .allTextContents();
    expect(rows).toEqual(delta.files.map((f) => f.path));
  });
});
