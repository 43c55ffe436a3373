#!/usr/bin/env node
// The picture of the report in the README: the BUILT CLI writes `report` for a git copy of
// examples/acme-shop, headless Chromium (playwright-core, the system's `chromium`) opens it from disk and
// this writes docs/img/report.png. Run after `npm run build`: `node scripts/report-screenshot.mjs`.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "docs/img/report.png");
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dir = mkdtempSync(join(tmpdir(), "ac-shot-"));
try {
  const repo = join(dir, "acme-shop");
  cpSync(join(ROOT, "examples/acme-shop"), repo, { recursive: true });
  const git = (...a) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...a], {
      cwd: repo,
      stdio: "ignore",
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "init");
  const file = join(dir, "report.html");
  execFileSync(process.execPath, [join(ROOT, "dist/cli/main.js"), "report", repo, "--out", file], {
    stdio: "inherit",
  });
  const browser = await chromium.launch({ executablePath });
  const page = await browser.newPage({ viewport: { width: 1000, height: 940 }, colorScheme: "light" });
  await page.goto(pathToFileURL(file).href);
  await page.screenshot({ path: OUT });
  await browser.close();
  console.log(`wrote ${OUT}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
