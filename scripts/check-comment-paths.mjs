// npm run check:paths — every repository path a code comment (or a doc under docs/, or a README) names
// must exist, so a moved file cannot leave its readers pointed at nothing. A path is a word starting with
// one of the top folders below and ending in a file extension or a slash; `NNNN_`-style and `*`/`<…>`
// patterns are skipped (they name a family, not a file).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOTS = ["app", "components", "lib", "db", "scripts", "tests", "bench", "docs", "i18n", "messages", "public", "patches"];
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIP_DIRS = new Set(["node_modules", ".git", "test-results", "playwright-report"]);
const PATH = new RegExp(String.raw`(?<![\w./@-])((?:${ROOTS.join("|")})/[\w./\[\]()-]*[\w\]/)])`, "g");

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith(".next") || name.startsWith("data")) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** The comment text of a source file: `//` to the end of a line, and block comments. */
function comments(text) {
  const out = [];
  const re = /\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g;
  for (const m of text.matchAll(re)) out.push({ text: m[0], at: m.index });
  return out;
}

const lineOf = (text, at) => text.slice(0, at).split("\n").length;
const missing = [];
const candidates = [...files(".")].filter(
  (f) => SOURCE.test(f) || (f.endsWith(".md") && (f.startsWith("docs/") || f.endsWith("README.md"))),
);
for (const file of candidates) {
  const text = readFileSync(file, "utf8");
  const parts = SOURCE.test(file) ? comments(text) : [{ text, at: 0 }];
  for (const part of parts) {
    for (const m of part.text.matchAll(PATH)) {
      let p = m[1].split("](")[0].replace(/[.)\]]+$/, "");
      if (/[*<>{}]|NNNN|XXXX/.test(p) || !/(\.[a-z]{1,5}|\/)$/.test(p)) continue;
      if (p.includes("...") || p.includes(".next")) continue;
      if (!existsSync(p)) missing.push(`${file}:${lineOf(text, part.at + m.index)}: ${p}`);
    }
  }
}
if (missing.length) {
  console.error(`check:paths: ${missing.length} path(s) named in comments or docs do not exist:\n  ` + missing.join("\n  "));
  process.exit(1);
}
console.log(`check:paths: every path named in ${candidates.length} files' comments and docs exists`);
