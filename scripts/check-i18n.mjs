#!/usr/bin/env node
// The interface languages' check, run in CI (.ci/run):
// 1. every language (messages/<locale>/*.json, merged) has exactly the keys of messages/en/, none empty,
//    and each message has the same ICU arguments (name and kind: plain, number, plural, select…) as English;
// 2. the translated files (TRANSLATED below; a later change adds its folder) show no English text of their
//    own: no JSX text and no aria-label / placeholder / title / alt written as a literal.
// Exits 1 with one line per problem.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dir = path.join(root, "messages");
const problems = [];

/** Every leaf of a catalog as "A.b.c" → string. */
function flatten(obj, prefix = "", out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

/** The index just past the `}` that closes the `{` at `start`. */
function closing(msg, start) {
  let depth = 0;
  for (let i = start; i < msg.length; i++) {
    if (msg[i] === "{") depth++;
    else if (msg[i] === "}" && --depth === 0) return i + 1;
  }
  throw new Error("unbalanced braces");
}

/** The ICU arguments of a message, as "name:kind" (plural and select branches searched too). */
function icuArgs(msg, out = new Set()) {
  let i = 0;
  while (i < msg.length) {
    const c = msg[i];
    if (c === "'" && (msg[i + 1] === "{" || msg[i + 1] === "}")) {
      const end = msg.indexOf("'", i + 1);
      i = end < 0 ? msg.length : end + 1;
      continue;
    }
    if (c !== "{") {
      i++;
      continue;
    }
    const end = closing(msg, i);
    const inner = msg.slice(i + 1, end - 1);
    const [name, kind = "", ...rest] = inner.split(",");
    const k = kind.trim();
    out.add(`${name.trim()}:${k || "plain"}`);
    if (k === "plural" || k === "select" || k === "selectordinal") {
      const options = rest.join(",");
      let j = 0;
      while (j < options.length) {
        const open = options.indexOf("{", j);
        if (open < 0) break;
        const close = closing(options, open);
        icuArgs(options.slice(open + 1, close - 1), out);
        j = close;
      }
    }
    i = end;
  }
  return out;
}

// messages/<locale>/<file>.json: each language a folder of area files, merged; a namespace lives in one file.
const catalogFiles = readFileSync(path.join(root, "lib/i18n/catalogs.ts"), "utf8")
  .match(/CATALOG_FILES = \[([^\]]*)\]/)[1]
  .match(/"([^"]+)"/g)
  .map((q) => q.slice(1, -1));
const catalogs = readdirSync(dir)
  .filter((f) => statSync(path.join(dir, f)).isDirectory())
  .map((locale) => {
    const merged = {};
    const owner = new Map();
    const onDisk = readdirSync(path.join(dir, locale)).filter((f) => f.endsWith(".json"));
    for (const f of onDisk)
      if (!catalogFiles.includes(f.slice(0, -5))) problems.push(`${locale}/${f} is not listed in CATALOG_FILES (lib/i18n/catalogs.ts)`);
    for (const file of catalogFiles) {
      const abs = path.join(dir, locale, `${file}.json`);
      let data = {};
      try {
        data = JSON.parse(readFileSync(abs, "utf8"));
      } catch (e) {
        problems.push(`${locale}/${file}.json: ${e.code === "ENOENT" ? "missing" : e.message}`);
      }
      for (const ns of Object.keys(data)) {
        if (owner.has(ns)) problems.push(`${locale}: namespace ${ns} is in both ${owner.get(ns)}.json and ${file}.json`);
        owner.set(ns, file);
      }
      Object.assign(merged, data);
    }
    return { locale, messages: flatten(merged) };
  });
const en = catalogs.find((c) => c.locale === "en");
if (!en) problems.push("messages/en/ is missing");
for (const c of en ? catalogs : []) {
  for (const [key, value] of c.messages) {
    if (typeof value !== "string" || !value.trim()) problems.push(`${c.locale}: ${key} is empty or not a string`);
    if (c !== en && !en.messages.has(key)) problems.push(`${c.locale}: ${key} is not in en.json`);
  }
  if (c === en) continue;
  for (const [key, value] of en.messages) {
    const other = c.messages.get(key);
    if (other === undefined) {
      problems.push(`${c.locale}: ${key} is missing`);
      continue;
    }
    try {
      const a = [...icuArgs(value)].sort().join(" ");
      const b = [...icuArgs(String(other))].sort().join(" ");
      if (a !== b) problems.push(`${c.locale}: ${key} has arguments [${b}], English has [${a}]`);
    } catch (e) {
      problems.push(`${c.locale}: ${key}: ${e.message}`);
    }
  }
}

// Every page and component: their visible texts all come from the catalogs.
const TRANSLATED = ["app", "components"];
// `node scripts/check-i18n.mjs --files a.tsx components/x` checks those paths instead (while translating them).
const only = process.argv.indexOf("--files");
const files = (only >= 0 ? process.argv.slice(only + 1) : TRANSLATED).flatMap(function walk(p) {
  const abs = path.isAbsolute(p) ? p : path.join(root, p);
  return statSync(abs).isDirectory()
    ? readdirSync(abs).flatMap((f) =>
        statSync(path.join(abs, f)).isDirectory() ? walk(path.join(abs, f)) : f.endsWith(".tsx") ? [path.join(abs, f)] : [],
      )
    : [abs];
});
const LITERAL_ATTR = /\b(aria-label|placeholder|title|alt)="([^"]*[A-Za-z][^"]*)"/g;
const JSX_TEXT = />([^<>{}`]*[A-Za-z]{2,}[^<>{}`]*)</g;
for (const file of files) {
  const rel = path.relative(root, file);
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, n) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const m of line.matchAll(LITERAL_ATTR)) problems.push(`${rel}:${n + 1}: ${m[1]}="${m[2]}" is not from the catalogs`);
      for (const m of line.matchAll(JSX_TEXT)) {
        // Type parameters and comparisons (`Record<A, B>`, `a > b && c < d`) are not text.
        if (/=>|&&|\|\||[;()]/.test(m[1])) continue;
        problems.push(`${rel}:${n + 1}: text "${m[1].trim()}" is not from the catalogs`);
      }
    });
  // A JSX text on a line of its own (between a tag's end and the next tag).
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, n, lines) => {
      const t = line.trim();
      if (!/^[A-Za-z][A-Za-z ,.!?'’:-]*$/.test(t) || /^(return|const|let|export|import|type|else|default)\b/.test(t)) return;
      const prev = (lines[n - 1] ?? "").trim();
      if (prev.endsWith(">") && !prev.endsWith("=>")) problems.push(`${rel}:${n + 1}: text "${t}" is not from the catalogs`);
    });
}

if (problems.length) {
  for (const p of problems) console.error(`[check:i18n] ${p}`);
  process.exit(1);
}
console.log(
  `[check:i18n] ${catalogs.length} catalogs, ${en.messages.size} keys each, same arguments; ${files.length} translated files without literal texts`,
);
