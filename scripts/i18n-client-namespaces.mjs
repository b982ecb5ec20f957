#!/usr/bin/env node
// Which message namespaces the browser needs, written to lib/i18n/client-namespaces.json.
// Every page sends its client components' messages in the document (NextIntlClientProvider); sending the
// whole catalog (~85 KB of English) on every page would cost every visitor. From the import graph
// (madge, the same as check:cycles): the client modules ("use client" files and all they import) reachable
// from each part of app/, and the namespaces they pass to useTranslations. `base` is what the layouts and
// the pages outside the areas need (the root layout sends it); an area's layout sends what its pages need.
//   node scripts/i18n-client-namespaces.mjs          write the file
//   node scripts/i18n-client-namespaces.mjs --check  exit 1 when the file is not what the code needs (CI)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import madge from "madge";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OUT = path.join(root, "lib/i18n/client-namespaces.json");
/** Route folders whose layout sends their own namespaces (components/i18n/client-messages.tsx). */
const AREAS = {
  admin: "app/(account)/admin/",
  settings: "app/(account)/settings/",
  auth: "app/(auth)/",
  post: "app/(forum)/posts/",
  // A post's and a comment's edit history (their own layouts, inside the post's).
  history: ["app/(forum)/posts/[id]/history/", "app/(forum)/posts/[id]/comments/"],
  edit: "app/(forum)/posts/[id]/edit/",
  notifications: "app/(forum)/notifications/",
  new: "app/(forum)/new/",
  messages: "app/(forum)/messages/",
  points: "app/(forum)/points/",
  review: "app/(forum)/review/",
  groups: "app/(forum)/groups/",
};

process.chdir(root);
const graph = (
  await madge(["app", "components", "lib"], { baseDir: root, ...JSON.parse(readFileSync(path.join(root, ".madgerc"), "utf8")) })
).obj();
const source = (f) => {
  try {
    return readFileSync(path.join(root, f), "utf8");
  } catch {
    return "";
  }
};
const isClient = (f) => /^\s*["']use client["']/.test(source(f));

/** The namespaces the client modules reachable from `entries` use. */
function namespacesFrom(entries) {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph[f] ?? []));
  }
  // Client modules and everything they import run in the browser.
  const client = new Set();
  const queue = [...seen].filter(isClient);
  while (queue.length) {
    const f = queue.pop();
    if (client.has(f)) continue;
    client.add(f);
    queue.push(...(graph[f] ?? []));
  }
  // A component that asks for a part of a namespace (`useTranslations("Messages.button")`) gets that
  // part only; a namespace asked for whole covers its parts.
  const names = new Set();
  for (const f of client) for (const m of source(f).matchAll(/useTranslations\(\s*["']([A-Za-z0-9_.]+)["']/g)) names.add(m[1]);
  return new Set([...names].filter((n) => !n.split(".").some((_, i, parts) => i > 0 && names.has(parts.slice(0, i).join(".")))));
}

const appFiles = Object.keys(graph).filter((f) => f.startsWith("app/"));
/** The area a route file belongs to: the one of the longest prefix (a post's history is an area inside the post's). */
const areaOf = (f) =>
  Object.entries(AREAS)
    .flatMap(([area, p]) => [p].flat().map((prefix) => [area, prefix]))
    .filter(([, prefix]) => f.startsWith(prefix))
    .sort((a, b) => b[1].length - a[1].length)[0]?.[0] ?? null;
const base = namespacesFrom(appFiles.filter((f) => areaOf(f) === null));
const result = { base: [...base].sort() };
for (const area of Object.keys(AREAS)) {
  // All the area's pages need: their provider replaces the root one inside them (the header and footer,
  // rendered by the layouts above, keep the root's).
  result[area] = [...namespacesFrom(appFiles.filter((f) => areaOf(f) === area))].sort();
}
const text = JSON.stringify(result, null, 2) + "\n";

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(OUT, "utf8");
  } catch {}
  if (current !== text) {
    console.error("[i18n-client] lib/i18n/client-namespaces.json is not what the client components use: run `npm run gen:i18n-client`");
    process.exit(1);
  }
  console.log(
    `[i18n-client] client namespaces up to date (base ${result.base.length}, ${Object.keys(AREAS)
      .map((a) => `${a} +${result[a].length}`)
      .join(", ")})`,
  );
} else {
  writeFileSync(OUT, text);
  console.log(`[i18n-client] wrote lib/i18n/client-namespaces.json (base ${result.base.length} namespaces)`);
}
