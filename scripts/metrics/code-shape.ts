// npx tsx scripts/metrics/code-shape.ts [--list] — the figures the code reviews ask about: functions
// longer than 80 lines (product code: app, components, lib, db, server.ts), and domain folders of
// lib/services that import each other.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOTS = ["app", "components", "lib", "db", "server.ts"];
const list = process.argv.includes("--list");

function* files(p: string): Generator<string> {
  if (statSync(p).isDirectory()) {
    for (const n of readdirSync(p)) if (n !== "node_modules" && n !== "migrations") yield* files(path.join(p, n));
  } else if (/\.(ts|tsx)$/.test(p) && !p.endsWith(".d.ts")) yield p;
}

const long: { file: string; name: string; lines: number }[] = [];
const domainEdges = new Set<string>();
for (const root of ROOTS) {
  for (const file of files(root)) {
    const text = readFileSync(file, "utf8");
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const start = src.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = src.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > 80) {
          let name = (node as ts.FunctionDeclaration).name?.getText() ?? "";
          if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
          if (!name && ts.isCallExpression(node.parent)) name = `${node.parent.expression.getText().slice(0, 30)}(…)`;
          long.push({ file, name: name || "(anonymous)", lines });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(src);
    const m = file.match(/^lib\/services\/([^/]+)\//);
    if (m) {
      for (const imp of text.matchAll(/from\s+["']@\/lib\/services\/([^/"']+)\//g)) {
        if (imp[1] !== m[1]) domainEdges.add(`${m[1]} → ${imp[1]}`);
      }
    }
  }
}
long.sort((a, b) => b.lines - a.lines);
const pairs = new Set([...domainEdges].map((e) => e.split(" → ").sort().join(" ↔ ")));
const mutual = [...pairs].filter((p) => {
  const [a, b] = p.split(" ↔ ");
  return domainEdges.has(`${a} → ${b}`) && domainEdges.has(`${b} → ${a}`);
});
console.log(`functions over 80 lines: ${long.length}`);
if (list) for (const f of long) console.log(`  ${f.lines}\t${f.file}\t${f.name}`);
console.log(`domain folders importing another domain folder: ${domainEdges.size} edges; pairs importing each other: ${mutual.length}`);
if (list) for (const p of mutual) console.log(`  ${p}`);
