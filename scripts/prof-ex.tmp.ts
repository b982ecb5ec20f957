import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { markdownExcerpt } from "@/lib/markdown";
async function main() {
  const rows = await rawRows<{ content: string }>(db, sql`select content from posts order by id desc limit 20`);
  for (const r of rows) markdownExcerpt(r.content, 180);
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) for (const r of rows) markdownExcerpt(r.content, 180);
  console.log("ms per 20 excerpts", ((performance.now() - t0) / 20).toFixed(2), "avg len", rows.reduce((a, r) => a + r.content.length, 0) / 20);
  process.exit(0);
}
main();
