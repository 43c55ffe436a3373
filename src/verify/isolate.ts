/**
 * How a verify run keeps the CLI off the network. On Linux, when the system lets this user make one, the
 * CLI runs in its own user, network, mount and PID namespaces (`unshare`): its network has a loopback
 * interface and nothing else, so nothing it tries can leave the machine or reach another local service.
 * The loopback servers it must reach (the upstream, the trap proxy) listen in this process's namespace;
 * a small helper started inside the new namespace (this same Node, `-e`) brings `lo` up, listens on each
 * of their ports there, and carries every connection to them through a Unix socket in the run's private
 * folder (file-system sockets cross network namespaces), then starts the CLI. Elsewhere, or when no
 * namespace can be made, the CLI runs with an environment built from nothing that points every proxy
 * variable at the trap proxy (it refuses and records all traffic meant for elsewhere).
 *
 * `AGENT_CONTEXT_VERIFY_NAMESPACE=off` in agent-context's own environment forces the second way (to test
 * it, or where namespaces misbehave).
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { type ProcessResult, type RunOptions, type RunProcess, runProcess } from "./process.js";

/** Which isolation a run used, as the report says it. */
export type IsolationKind = "network namespace" | "trap proxy";

export interface Isolation {
  kind: IsolationKind;
  /** Why no namespace was used (absent when one was). */
  why?: string;
  /** Runs a process isolated this way. */
  run: RunProcess;
  /** Stops the bridges (idempotent). */
  close(): Promise<void>;
}

/** Folders searched for `unshare` and `ip` (never the user's PATH, which a repository may have entries in). */
const SYSTEM_BIN = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"];

/** A root-owned executable in a system folder that only root may change, or undefined. */
function systemTool(name: string): string | undefined {
  for (const dir of SYSTEM_BIN) {
    const p = join(dir, name);
    try {
      const st = statSync(p);
      if (st.isFile() && st.uid === 0 && (st.mode & 0o022) === 0 && (st.mode & 0o111) !== 0) return p;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** unshare's flags, strongest first: own user, network, mount and PID namespaces (a fresh /proc). */
const NAMESPACE_FLAGS: readonly (readonly string[])[] = [
  ["--user", "--map-root-user", "--net", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc"],
  ["--user", "--map-root-user", "--net"],
];

/** Exit statuses of the helper itself (not of the CLI). */
const HELPER_FAILED = 125;
const HELPER_SPAWN_FAILED = 127;
const HELPER_MARK = "agent-context-namespace: ";

/**
 * The helper run inside the namespace: argv = [ip, socketDir, ports (comma-separated), bin, ...args].
 * Brings `lo` up, listens on 127.0.0.1:PORT for each port and carries each connection to
 * socketDir/PORT.sock, then runs the CLI with the same environment and exits with its status.
 */
const HELPER = `
const { spawn, spawnSync } = require("node:child_process");
const net = require("node:net");
const [ip, sockets, portList, bin, ...args] = process.argv.slice(1);
const fail = (status, what) => { process.stderr.write(${JSON.stringify(HELPER_MARK)} + what + "\\n"); process.exit(status); };
const up = spawnSync(ip, ["link", "set", "lo", "up"], { stdio: "ignore", env: {} });
if (up.status !== 0) fail(${HELPER_FAILED}, "could not bring the loopback interface up");
const ports = portList ? portList.split(",") : [];
let waiting = ports.length;
const start = () => {
  const child = spawn(bin, args, { stdio: "inherit" });
  child.on("error", (e) => fail(${HELPER_SPAWN_FAILED}, "spawn: " + e.message));
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (require("node:os").constants.signals[signal] ?? 0)));
};
for (const port of ports) {
  net.createServer((c) => {
    const u = net.connect(sockets + "/" + port + ".sock");
    c.pipe(u); u.pipe(c);
    c.on("error", () => u.destroy()); u.on("error", () => c.destroy());
  }).on("error", (e) => fail(${HELPER_FAILED}, "listen " + port + ": " + e.message))
    .listen(Number(port), "127.0.0.1", () => { if (--waiting === 0) start(); });
}
if (ports.length === 0) start();
`;

type Support = { flags: readonly string[]; unshare: string; ip: string } | { why: string };

let probed: Support | undefined;

/** The strongest namespace set that works here, or why none does. */
function probeNamespaces(): Support {
  if (process.platform !== "linux") return { why: "not Linux" };
  const unshare = systemTool("unshare");
  const ip = systemTool("ip");
  if (!unshare || !ip)
    return { why: `${unshare ? "ip" : "unshare"} is not installed in ${SYSTEM_BIN.join(", ")}` };
  for (const flags of NAMESPACE_FLAGS) {
    const r = spawnSync(unshare, [...flags, "--", ip, "link", "set", "lo", "up"], {
      stdio: "ignore",
      env: {},
      timeout: 10_000,
    });
    if (r.status === 0) return { flags, unshare, ip };
  }
  return { why: "this system does not let this user make a network namespace" };
}

/** {@link probeNamespaces}, once per process. */
function namespaceSupport(): Support {
  probed ??= probeNamespaces();
  return probed;
}

/** The port of a loopback URL (`http://127.0.0.1:PORT`), or undefined. */
function portOf(url: string): number | undefined {
  try {
    const u = new URL(url);
    return u.hostname === "127.0.0.1" && u.port !== "" ? Number(u.port) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The isolation for one verify run. `sockets` is a private folder (the bridges' sockets live there);
 * `trapUrl` the trap proxy every run may reach.
 */
export function isolation(opts: { sockets: string; trapUrl: string; env?: NodeJS.ProcessEnv }): Isolation {
  const off = (opts.env ?? process.env).AGENT_CONTEXT_VERIFY_NAMESPACE === "off";
  const support = off ? { why: "AGENT_CONTEXT_VERIFY_NAMESPACE=off" } : namespaceSupport();
  if ("why" in support)
    return { kind: "trap proxy", why: support.why, run: runProcess, close: async () => {} };
  const bridges = new Map<number, Server>();
  const open = new Set<Socket>();
  const bridge = async (port: number): Promise<void> => {
    if (bridges.has(port)) return;
    const server = createServer((c) => {
      const u = createConnection(port, "127.0.0.1");
      for (const s of [c, u]) {
        open.add(s);
        s.on("close", () => open.delete(s));
      }
      c.pipe(u);
      u.pipe(c);
      c.on("error", () => u.destroy());
      u.on("error", () => c.destroy());
    });
    bridges.set(port, server);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(join(opts.sockets, `${port}.sock`), () => resolve());
    });
  };
  const run: RunProcess = async (bin: string, args: string[], o: RunOptions): Promise<ProcessResult> => {
    const ports = [...new Set([opts.trapUrl, ...(o.reach ?? [])].map(portOf))].filter(
      (p): p is number => p !== undefined,
    );
    for (const p of ports) await bridge(p);
    const r = await runProcess(
      support.unshare,
      [
        ...support.flags,
        "--",
        process.execPath,
        "-e",
        HELPER,
        support.ip,
        opts.sockets,
        ports.join(","),
        bin,
        ...args,
      ],
      { cwd: o.cwd, env: o.env, timeoutMs: o.timeoutMs },
    );
    const mark = r.stderr.lastIndexOf(HELPER_MARK);
    if ((r.code === HELPER_FAILED || r.code === HELPER_SPAWN_FAILED) && mark >= 0) {
      const what = r.stderr.slice(mark + HELPER_MARK.length).split("\n")[0] ?? "";
      return {
        ...r,
        spawnError: what.startsWith("spawn: ")
          ? what.slice("spawn: ".length)
          : `the network namespace could not be prepared (${what})`,
      };
    }
    return r;
  };
  return {
    kind: "network namespace",
    run,
    close: async () => {
      const all = [...bridges.values()];
      bridges.clear();
      for (const s of open) s.destroy();
      await Promise.all(all.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
