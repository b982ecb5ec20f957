import type postgres from "postgres";

/**
 * Makes `sql` send queries with parameters as named prepared statements, and likewise the scoped `sql`
 * that a transaction (`begin`) or a savepoint hands to its callback: postgres.js gives each its own
 * `unsafe`, which Drizzle calls with `prepare: false` for every query it builds. Without this, Postgres
 * plans every statement on every call (about 1 ms for the notification page, more than running it);
 * with it, plans are reused per connection by text, outside transactions and inside them.
 * Queries without parameters stay unnamed (nothing to reuse, and no statement cache to grow).
 */
export function preparing<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((query: string, args?: unknown[], options?: Record<string, unknown>) =>
    unsafe(query, args as never, { ...options, prepare: !!args?.length })) as typeof sql.unsafe;
  type Scoped = (tx: postgres.TransactionSql) => unknown;
  const scoped = (name: "begin" | "savepoint") => {
    const s = sql as unknown as Record<string, (...a: unknown[]) => unknown>;
    const original = s[name];
    if (typeof original !== "function") return;
    const bound = original.bind(sql);
    s[name] = (...a: unknown[]) => {
      const fn = a.pop() as Scoped;
      return bound(...a, (tx: postgres.TransactionSql) => fn(preparing(tx)));
    };
  };
  scoped("begin");
  scoped("savepoint");
  return sql;
}
