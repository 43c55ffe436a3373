/**
 * Every `--json` output names its schema in `$schema`, the schema ships in the package (dist/schemas/,
 * generated from the output's type at build time: scripts/output-schemas.mjs), and a representative run of
 * each command validates against it with a real JSON Schema validator (Ajv). The file `init` writes names
 * the configuration's schema, which the package ships at its root.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "dist/cli/main.js");
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

let repo = "";
let scratch = "";

function run(args: string[], cwd = repo): { code: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["CI", "GITHUB_ACTIONS", "GITHUB_BASE_REF"]) delete env[k];
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", cwd, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function git(...args: string[]): void {
  const r = spawnSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@e", "-c", "commit.gpgsign=false", ...args],
    {
      cwd: repo,
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(r.stderr);
}

/** The shipped schema a `$schema` names (its file under dist/schemas/), compiled by Ajv. */
function validatorFor(url: unknown) {
  expect(typeof url).toBe("string");
  const m = /^https:\/\/unpkg\.com\/agent-context@([^/]+)\/(dist\/schemas\/[a-z-]+\.schema\.json)$/.exec(
    url as string,
  );
  expect(m, `a $schema naming a file of this release: ${url}`).not.toBeNull();
  const [, version, file] = m as RegExpExecArray;
  expect(version).toBe(PKG.version);
  const schema = JSON.parse(readFileSync(join(ROOT, file as string), "utf8"));
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
}

/** Parses a command's JSON, validates it against the schema it names (or `schemaFile`), returns it. */
function expectValid(stdout: string, schemaFile?: string): unknown {
  const json = JSON.parse(stdout);
  const url =
    schemaFile === undefined
      ? json.$schema
      : `https://unpkg.com/agent-context@${PKG.version}/dist/schemas/${schemaFile}.schema.json`;
  const validate = validatorFor(url);
  const ok = validate(json);
  expect(validate.errors ?? [], "the output validates against its schema").toEqual([]);
  expect(ok).toBe(true);
  return json;
}

beforeAll(() => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), "ac-schemas-")));
  repo = join(scratch, "acme-shop");
  cpSync(join(ROOT, "examples/acme-shop"), repo, { recursive: true });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "base");
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("every --json output validates against the schema it names", () => {
  it("the_schemas_ship_in_the_package_files_list", () => {
    expect(PKG.files).toContain("dist/schemas/*.schema.json");
    expect(PKG.files).toContain("agent-context.schema.json");
    for (const name of ["cap", "cap-matrix", "explain", "lint", "route", "pointers", "verify"])
      expect(existsSync(join(ROOT, `dist/schemas/${name}.schema.json`)), name).toBe(true);
  });

  it("cap_json_with_a_base_revision_validates_against_the_cap_schema", () => {
    const r = run(["cap", ".", "--base", "HEAD", "--json"]);
    expect(r.code, r.stderr).not.toBe(2);
    const j = expectValid(r.stdout) as { delta: unknown; items: unknown[] };
    expect(j.delta).not.toBeNull();
    expect(j.items.length).toBeGreaterThan(0);
  });

  it("cap_json_for_every_agent_and_launch_directory_validates_against_the_matrix_schema", () => {
    const r = run(["cap", ".", "--agent", "all", "--all-cwds", "--json"]);
    expect(r.code, r.stderr).not.toBe(2);
    const j = expectValid(r.stdout, "cap-matrix") as unknown[];
    expect(j.length).toBeGreaterThan(4);
  });

  it("explain_json_validates_against_the_explain_schema", () => {
    const r = run(["explain", "packages/api/src/x.ts", ".", "--fresh-clone", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expectValid(r.stdout);
  });

  it("lint_json_validates_against_the_lint_schema", () => {
    const r = run(["lint", ".", "--json"]);
    expect(r.code, r.stderr).not.toBe(2);
    expectValid(r.stdout);
  });

  it("route_json_validates_against_the_route_schema", () => {
    const r = run(["route", "packages/api/src/x.ts", ".", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expectValid(r.stdout);
  });

  it("pointers_json_validates_against_the_pointers_schema", () => {
    const r = run(["pointers", "--config-dir", join(scratch, "cfg"), "--cwd", repo, "--dry-run", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expectValid(r.stdout);
  });

  it("the_verify_schema_compiles_and_rejects_an_object_that_is_no_report", () => {
    const validate = validatorFor(
      `https://unpkg.com/agent-context@${PKG.version}/dist/schemas/verify.schema.json`,
    );
    expect(validate({ agrees: "yes" })).toBe(false);
  });

  it("the_configuration_init_writes_names_the_shipped_schema_and_validates_against_it", () => {
    const fresh = join(scratch, "fresh");
    cpSync(join(ROOT, "examples/acme-shop"), fresh, { recursive: true });
    rmSync(join(fresh, ".agent-context.json"));
    const r = run(["init", "."], fresh);
    expect(r.code, r.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(fresh, ".agent-context.json"), "utf8"));
    expect(config.$schema).toBe(`https://unpkg.com/agent-context@${PKG.version}/agent-context.schema.json`);
    const schema = JSON.parse(readFileSync(join(ROOT, "agent-context.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(run(["cap", "."], fresh).code).toBe(0);
  });
});
