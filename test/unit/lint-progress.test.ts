import { describe, expect, it } from "vitest";
import { createProgress, PROGRESS_DELAY_MS } from "../../src/lint/progress.js";

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { isTTY, write: (s: string) => out.push(s), out };
}

describe("progress indication", () => {
  it("a_quick_run_on_a_tty_shows_nothing", () => {
    const s = sink(true);
    let t = 0;
    const p = createProgress("x", s, () => t);
    t = PROGRESS_DELAY_MS - 1;
    p.step("rules");
    p.done();
    expect(s.out).toEqual([]);
  });

  it("a_slow_run_on_a_tty_shows_a_line_and_erases_it", () => {
    const s = sink(true);
    let t = 0;
    const p = createProgress("agent-context lint", s, () => t);
    t = PROGRESS_DELAY_MS;
    p.step("rules");
    p.done();
    expect(s.out).toEqual(["\r\u001b[Kagent-context lint: rules…", "\r\u001b[K"]);
  });

  it("a_slow_run_without_a_tty_shows_nothing", () => {
    const s = sink(false);
    let t = 0;
    const p = createProgress("x", s, () => t);
    t = 10 * PROGRESS_DELAY_MS;
    p.step("rules");
    p.done();
    expect(s.out).toEqual([]);
  });
});
