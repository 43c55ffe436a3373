#!/usr/bin/env node
// Lists every function under src/ (declarations, methods, function expressions, arrow functions) with its
// length in lines, longest first, read with the TypeScript compiler API. A function's lines include those of
// the closures inside it; `closures` counts them.
// Usage: node scripts/function-lengths.mjs [--over N] [--top N] [DIR]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
let over = 0;
let top = Number.POSITIVE_INFINITY;
let dir = "src";
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--over") over = Number(args[++i]);
  else if (args[i] === "--top") top = Number(args[++i]);
  else dir = args[i];
}

function* files(d) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(ts|mts|cts)$/.test(e.name) && !e.name.endsWith(".d.ts")) yield p;
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (p && ts.isPropertyAssignment(p)) return p.name.getText();
  if (p && ts.isCallExpression(p)) return `(callback of ${p.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

const rows = [];
for (const file of files(dir)) {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node, stack) => {
    if (isFunction(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      const row = {
        file: relative(process.cwd(), file),
        name: nameOf(node),
        line: start + 1,
        lines: end - start + 1,
        closures: 0,
      };
      for (const outer of stack) outer.closures++;
      rows.push(row);
      ts.forEachChild(node, (c) => visit(c, [...stack, row]));
      return;
    }
    ts.forEachChild(node, (c) => visit(c, stack));
  };
  visit(sf, []);
}

rows.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
const shown = rows.filter((r) => r.lines > over).slice(0, top);
for (const r of shown)
  console.log(
    `${String(r.lines).padStart(5)}  ${r.file}:${r.line}  ${r.name}${r.closures ? `  (${r.closures} closures)` : ""}`,
  );
console.log(
  `${rows.length} functions; ${rows.filter((r) => r.lines > 150).length} over 150 lines; the largest ${rows[0]?.lines ?? 0}`,
);
