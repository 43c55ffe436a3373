/**
 * Functions a reader can hold in the head (issue 28, "Long functions split"): no function in src/ is longer
 * than {@link MAX_LINES} lines, measured with the TypeScript compiler's own parse (a function's lines from
 * its first token to its closing brace, nested closures included). Today's longer ones are listed in
 * {@link KNOWN} with their length now, as a ceiling: each may only shrink, and leaves the list (delete its
 * line) once it is under the limit. Another long function fails the test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** The most lines a function may take (the target: the largest function under 150 lines). */
const MAX_LINES = 149;

/**
 * Functions over the limit allowed for now (`file#name`: lines now), each a ceiling until split into named
 * steps (issue 28 step 3 emptied it; keep it empty).
 */
const KNOWN: Record<string, number> = {};

interface Fn {
  key: string;
  lines: number;
}

/** The name a function goes by: its own, its variable's, its property's, else `(anonymous)` and a line. */
function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)))
    if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) return p.name.text;
  return `(anonymous, line ${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1})`;
}

/** Every function of one source text with its length in lines. */
function functionsOf(path: string, text: string): Fn[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: Fn[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ key: `${path}#${nameOf(node, sf)}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFunctions(): Fn[] {
  return readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `src/${f.split("\\").join("/")}`)
    .sort()
    .flatMap((f) => functionsOf(f, readFileSync(join(ROOT, f), "utf8")));
}

describe("functions stay short", () => {
  it("the_measure_counts_a_function_from_its_first_token_to_its_closing_brace", () => {
    const text = "const f = (a: number) => {\n  const g = () => {\n    return a;\n  };\n  return g();\n};\n";
    expect(functionsOf("x.ts", text)).toEqual([
      { key: "x.ts#f", lines: 6 },
      { key: "x.ts#g", lines: 3 },
    ]);
    expect(functionsOf("y.ts", "class C {\n  m() {\n    return 1;\n  }\n}\n")).toEqual([
      { key: "y.ts#m", lines: 3 },
    ]);
  });

  it(`no_function_is_longer_than_${MAX_LINES}_lines_beyond_the_known_ones_and_none_of_those_grew`, () => {
    const fns = sourceFunctions();
    expect(fns.length).toBeGreaterThan(1000);
    const long = fns.filter((f) => f.lines > MAX_LINES);
    const fresh = long.filter((f) => KNOWN[f.key] === undefined).map((f) => `${f.key}: ${f.lines} lines`);
    expect(fresh, `functions over ${MAX_LINES} lines (split them into named steps)`).toEqual([]);
    const grown = long
      .filter((f) => KNOWN[f.key] !== undefined && f.lines > (KNOWN[f.key] as number))
      .map((f) => `${f.key}: ${f.lines} lines, was ${KNOWN[f.key]}`);
    expect(grown, "known long functions that grew").toEqual([]);
    const gone = Object.keys(KNOWN).filter((k) => !long.some((f) => f.key === k));
    expect(gone, `known long functions now under ${MAX_LINES + 1} lines or gone: delete their lines`).toEqual(
      [],
    );
  });
});
