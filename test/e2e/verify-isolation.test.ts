/**
 * How verify isolates the CLI (src/verify/isolate.ts), with real processes: in its own network namespace a
 * process reaches the loopback servers it was given and nothing else, not even another service on this
 * machine's loopback; the trap-proxy fallback stops nothing by itself (it relies on the CLI honouring the
 * proxy variables), which is why the output names the isolation used.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolation } from "../../src/verify/isolate.js";

/** Whether this machine lets this user make a network namespace. */
const NAMESPACES =
  process.platform === "linux" &&
  spawnSync("unshare", ["--user", "--map-root-user", "--net", "true"], { stdio: "ignore" }).status === 0;

let upstream: Server;
let other: Server;
const heard: string[] = [];
let sockets = "";

function serve(name: string): Promise<Server> {
  const s = createServer((req, res) => {
    heard.push(`${name} ${req.url}`);
    res.end(name);
  });
  return new Promise((done) => s.listen(0, "127.0.0.1", () => done(s)));
}

const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  upstream = await serve("upstream");
  other = await serve("other");
  sockets = realpathSync(mkdtempSync(join(tmpdir(), "ac-isolation-")));
});

afterAll(() => {
  upstream.close();
  other.close();
  rmSync(sockets, { recursive: true, force: true });
});

/** A Node process that fetches each URL and prints what it got, or the error code. */
const FETCH = `
(async () => {
  for (const u of process.argv.slice(1)) {
    try { console.log(u, await (await fetch(u + "/x")).text()); }
    catch (e) { console.log(u, "failed", e.cause?.code ?? e.message); }
  }
})();
`;

describe("the isolation a verify run gets", () => {
  it.skipIf(!NAMESPACES)(
    "in_its_own_namespace_a_process_reaches_the_loopback_servers_it_was_given_and_no_other",
    async () => {
      const iso = isolation({ sockets, trapUrl: url(upstream), env: {} });
      try {
        expect(iso.kind).toBe("network namespace");
        heard.length = 0;
        const r = await iso.run(process.execPath, ["-e", FETCH, url(upstream), url(other)], {
          cwd: sockets,
          env: { PATH: process.env.PATH ?? "" },
          timeoutMs: 30_000,
          reach: [url(upstream)],
        });
        const lines = r.stdout.trim().split("\n");
        expect(lines[0]).toBe(`${url(upstream)} upstream`);
        expect(lines[1]).toMatch(new RegExp(`^${url(other)} failed `));
        expect(heard).toEqual(["upstream /x"]);
      } finally {
        await iso.close();
      }
    },
  );

  it("the_fallback_is_named_and_reaches_whatever_a_process_connects_to_directly", async () => {
    const iso = isolation({
      sockets,
      trapUrl: url(upstream),
      env: { AGENT_CONTEXT_VERIFY_NAMESPACE: "off" },
    });
    expect([iso.kind, iso.why]).toEqual(["trap proxy", "AGENT_CONTEXT_VERIFY_NAMESPACE=off"]);
    heard.length = 0;
    const r = await iso.run(process.execPath, ["-e", FETCH, url(other)], {
      cwd: sockets,
      env: { PATH: process.env.PATH ?? "" },
      timeoutMs: 30_000,
    });
    expect(r.stdout.trim()).toBe(`${url(other)} other`);
    expect(heard).toEqual(["other /x"]);
  });
});
