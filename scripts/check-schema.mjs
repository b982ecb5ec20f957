// npm run check:schema: fails when db/schema and db/migrations disagree, i.e. when `drizzle-kit generate`
// would write a migration for the committed schema (someone changed db/schema without generating one,
// or wrote SQL by hand without declaring it), or when the journal would make the migrator skip a
// migration on existing databases. It runs drizzle-kit on a copy of db/migrations and never touches it.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "db/migrations");
const problems = [];

// The journal. drizzle's migrator applies, in journal order, every entry whose `when` is later than the
// `when` of the last migration the database applied; a new entry with an earlier `when` is skipped on
// existing databases (and applied on fresh ones), so `when` must increase and never lie in the future
// (the next `drizzle-kit generate` stamps Date.now()).
const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8"));
const sqlFiles = readdirSync(migrations).filter((f) => f.endsWith(".sql"));
const tags = new Set(journal.entries.map((e) => e.tag));
journal.entries.forEach((e, i) => {
  const prev = journal.entries[i - 1];
  if (!existsSync(path.join(migrations, `${e.tag}.sql`))) problems.push(`journal entry ${e.tag}: no ${e.tag}.sql`);
  if (e.idx !== i || !e.tag.startsWith(String(i).padStart(4, "0") + "_"))
    problems.push(`journal entry ${i} is ${e.tag} with idx ${e.idx}: expected idx ${i} and a ${String(i).padStart(4, "0")}_ prefix`);
  if (prev && !(e.when > prev.when))
    problems.push(
      `journal entry ${e.tag}: when ${e.when} is not after ${prev.tag}'s ${prev.when}; the migrator would skip it on databases that applied ${prev.tag}`,
    );
  if (e.when > Date.now() + 5 * 60_000)
    problems.push(`journal entry ${e.tag}: when ${e.when} (${new Date(e.when).toISOString()}) is in the future`);
});
for (const f of sqlFiles) if (!tags.has(f.slice(0, -4))) problems.push(`${f} has no journal entry: the migrator never runs it`);

// The schema: a copy of the folder inside the project (drizzle-kit turns an absolute --out into a
// ./-relative one), .tmp*/ being git-ignored.
const scratch = path.join(root, `.tmp-check-schema-${process.pid}`);
const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanUp(), process.exit(1)));
try {
  cpSync(migrations, scratch, { recursive: true });
  const before = new Set(listFiles(scratch));
  const r = spawnSync(
    "npx",
    [
      "drizzle-kit",
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./db/schema/index.ts",
      "--out",
      path.relative(root, scratch),
      "--casing",
      "snake_case",
    ],
    // No stdin: a question (is this column renamed or new?) ends the run instead of waiting for an answer.
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 },
  );
  const added = listFiles(scratch).filter((f) => !before.has(f));
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (added.length) {
    const sql = added.filter((f) => f.endsWith(".sql")).map((f) => `--- ${f}\n${readFileSync(path.join(scratch, f), "utf8")}`);
    problems.push(
      `db/schema differs from the last snapshot in db/migrations: drizzle-kit generate would write ${added.join(", ")}:\n\n${sql.join("\n")}\n\n` +
        "Run `npx drizzle-kit generate --name <what-changed>` and commit the migration with its snapshot (README: how to add a column).",
    );
  } else if (r.status !== 0 || r.error || !output.includes("No schema changes")) {
    // drizzle-kit exits 0 even when it stops on an error, e.g. a question it cannot ask without a terminal.
    problems.push(
      `drizzle-kit generate did not finish (${r.error?.message ?? `exit ${r.status}`}); if it stopped at a question ` +
        `(was a column or table renamed?), run \`npx drizzle-kit generate\` in a terminal and answer it:\n${output}`,
    );
  }
} finally {
  cleanUp();
}

if (problems.length) {
  console.error(problems.map((p) => `check:schema: ${p}`).join("\n\n"));
  process.exit(1);
}
console.log(`check:schema: db/schema matches db/migrations (${journal.entries.length} migrations; drizzle-kit generate writes nothing)`);

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))],
  );
}
