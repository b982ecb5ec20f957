// What a backup records about a database, and how it is checked after a restore: the row count and a
// checksum of every table. Plain JavaScript because the embedded database's dump runs in a child
// process that Node starts without TypeScript (pglite-child.mjs); the TypeScript side imports it too.

/** Session settings that make a row's text the same on every server (the checksum hashes it). */
export const SESSION_SETTINGS =
  "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 1; SET bytea_output = 'hex'";

/** The schemas a backup holds: the forum's tables and drizzle's migration journal. */
export const SCHEMAS = ["public", "drizzle"];

const ident = (s) => '"' + String(s).replace(/"/g, '""') + '"';

/**
 * Row count and checksum of every table, the uploads the database lists, the migration level and
 * the server version.
 * @param {(text: string) => Promise<Record<string, unknown>[]>} query runs one statement, returns its rows
 */
export async function collectSums(query) {
  const tables = await query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by n.nspname, c.relname`,
  );
  const sums = [];
  for (const t of tables) {
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
       from (select md5(x::text) as h from ${ident(t.schema)}.${ident(t.name)} x) s`,
    );
    sums.push({ name: `${t.schema}.${t.name}`, rows: Number(row.rows), checksum: String(row.checksum) });
  }
  const names = new Set(sums.map((s) => s.name));
  const uploads = names.has("public.uploads")
    ? (await query(`select key, hash, mime, size from public.uploads order by id`)).map((u) => ({
        key: String(u.key),
        sha256: String(u.hash),
        mime: String(u.mime),
        bytes: Number(u.size),
      }))
    : [];
  const [m] = names.has("drizzle.__drizzle_migrations")
    ? await query(`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`)
    : [{ count: 0, last: null }];
  const [v] = await query(`show server_version`);
  return {
    tables: sums,
    uploads,
    migrations: { count: Number(m.count), lastCreatedAt: m.last === null || m.last === undefined ? null : Number(m.last) },
    serverVersion: String(v.server_version),
  };
}

/**
 * Makes a dump load on any supported server: drops the psql meta-commands (`\restrict`) and the
 * settings an older server does not know (`transaction_timeout`, PostgreSQL 17).
 * @param {string} text
 */
export function portableDump(text) {
  return text.replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, "").replace(/^SET transaction_timeout = 0;\r?\n/gm, "");
}
