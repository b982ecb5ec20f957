// Once per test run, before any test file: a migrated, empty database that every test file's own
// database starts as a copy of (tests/setup.ts), instead of each file running initdb and the migrations.
// It is opened and migrated by the app's own code (db/index.ts, db/migrate.ts), as the files' were:
// - Embedded (PGlite): a dump of the data directory, in a file the workers load.
// - Postgres server (TEST_DATABASE_URL): a template database; each file's `create database … template`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import type { Connection } from "@/db";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite data-directory dump (a tar file) of the migrated database. */
    pgliteDump: string;
    /** The template database on the Postgres server. */
    templateDb: string;
  }
}

/** Opens the database `env` names with the app's connection code, migrates it, gives it to `after`, and closes it. */
async function migrated<T>(env: Record<string, string | undefined>, after: (c: Connection) => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const set = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  set(env);
  const { connection, closeDb } = await import("@/db");
  const { ensureMigrated } = await import("@/db/migrate");
  try {
    await ensureMigrated();
    return await after(connection());
  } finally {
    await closeDb();
    set(saved); // the workers inherit this process's environment
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `forum_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    await migrated({ DATABASE_URL: u.toString(), DATABASE_POOL_SIZE: "1" }, async () => {});
    project.provide("templateDb", name);
    project.provide("pgliteDump", "");
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dump = await migrated({ DATABASE_URL: undefined, PGLITE_DIR: "memory://" }, (c) => c.pglite!.dumpDataDir("none"));
  const dir = mkdtempSync(path.join(os.tmpdir(), "forum-test-db-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", file);
  project.provide("templateDb", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
