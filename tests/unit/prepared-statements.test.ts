import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { preparing } from "@/db/prepared-statements";

type Sent = { scope: string; query: string; args?: unknown[]; options?: Record<string, unknown> };

/** A stand-in for postgres.js's `sql`: records what each scope's `unsafe` is asked to send. */
function fakeSql(scope: string, sent: Sent[], depth = 0): postgres.Sql {
  const sql: Record<string, unknown> = {
    unsafe: (query: string, args?: unknown[], options?: Record<string, unknown>) => {
      sent.push({ scope, query, args, options });
      return Promise.resolve([]);
    },
  };
  if (depth < 2) {
    sql.begin = (...a: unknown[]) => (a.pop() as (tx: unknown) => unknown)(fakeSql(`${scope}>tx`, sent, depth + 1));
    sql.savepoint = (...a: unknown[]) => (a.pop() as (tx: unknown) => unknown)(fakeSql(`${scope}>sp`, sent, depth + 1));
  }
  return sql as unknown as postgres.Sql;
}

describe("prepared statements for postgres.js (db/prepared-statements.ts)", () => {
  it("names a query with parameters and leaves one without them unnamed, keeping the caller's other options", async () => {
    const sent: Sent[] = [];
    const sql = preparing(fakeSql("root", sent));
    await sql.unsafe("select $1", [1], { prepare: false } as never);
    await sql.unsafe("select 1", [], { prepare: false } as never);
    await sql.unsafe("select 2");
    expect(sent.map((s) => s.options?.prepare)).toEqual([true, false, false]);
    expect(sent[0]).toMatchObject({ query: "select $1", args: [1] });
  });

  it("does the same inside a transaction and a savepoint within it (each has its own unsafe)", async () => {
    const sent: Sent[] = [];
    const sql = preparing(fakeSql("root", sent));
    await sql.begin("read write", async (tx) => {
      await tx.unsafe("insert into t values ($1)", [1], { prepare: false } as never);
      await tx.savepoint(async (sp) => {
        await sp.unsafe("update t set a = $1", [2], { prepare: false } as never);
        await sp.unsafe("select 1", undefined, { prepare: false } as never);
      });
    });
    expect(sent.map((s) => [s.scope, s.options?.prepare])).toEqual([
      ["root>tx", true],
      ["root>tx>sp", true],
      ["root>tx>sp", false],
    ]);
  });

  it("passes the transaction's other arguments (its options) through to postgres.js", async () => {
    const seen: unknown[][] = [];
    const sql = {
      unsafe: () => Promise.resolve([]),
      begin: (...a: unknown[]) => {
        const fn = a.pop() as (tx: unknown) => unknown;
        seen.push(a);
        return fn({ unsafe: () => Promise.resolve([]) });
      },
    } as unknown as postgres.Sql;
    preparing(sql);
    await sql.begin("isolation level serializable", async () => {});
    expect(seen).toEqual([["isolation level serializable"]]);
  });
});
