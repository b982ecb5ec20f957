// Once per test run, before any test file: a migrated, empty database that every test file's own
// database starts as a copy of (tests/setup.ts), instead of each file running initdb and the migrations.
// - Embedded (PGlite): a dump of the data directory, in a file the workers load.
// - Postgres server (TEST_DATABASE_URL): a template database; each file's `create database … template`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite data-directory dump (a tar file) of the migrated database. */
    pgliteDump: string;
    /** The template database on the Postgres server. */
    templateDb: string;
  }
}

export default async function setup(project: TestProject) {
  const migrationsFolder = path.resolve("db/migrations");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `forum_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const one = postgres(u.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(one), { migrationsFolder });
    await one.end();
    project.provide("templateDb", name);
    project.provide("pgliteDump", "");
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const pglite = new PGlite("memory://", { extensions: { pg_trgm } });
  await migrate(drizzle(pglite), { migrationsFolder });
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "forum-test-db-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", file);
  project.provide("templateDb", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
