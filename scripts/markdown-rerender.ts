// npm run markdown:rerender [-- --batch N]
// Renders the markdown of every post, comment and message again and stores the HTML (lib/services/content/
// stored-html.ts): run it after a change to the renderer (lib/markdown-render.ts). Safe while the forum runs
// on a Postgres server (an edit made meanwhile keeps its own HTML); with the embedded database, stop the
// forum first (one process opens its folder). Without it nothing is wrong, only slower: a view renders
// what it finds missing, and stores it.
import { parseArgs } from "node:util";
import { settingProblems } from "@/lib/env";

const problems = settingProblems(process.env);
if (problems.length) {
  for (const line of problems) console.error(line);
  process.exit(2);
}
const { values } = parseArgs({ options: { batch: { type: "string" } } });
const { rerenderAll } = await import("@/lib/services/content/stored-html");
const t0 = Date.now();
const tty = process.stdout.isTTY;
const done = await rerenderAll({
  batch: Number(values.batch ?? 200) || 200,
  onProgress: ({ table, done, total }) => {
    const line = `[markdown:rerender] ${table}: ${done}/${total} (${total ? Math.round((done / total) * 100) : 100}%)`;
    if (tty) process.stdout.write(`\r${line}   `);
    else if (done === total || done % 2000 === 0) console.log(line);
  },
});
if (tty) process.stdout.write("\n");
console.log(
  `[markdown:rerender] done in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${done.posts} posts, ${done.comments} comments, ${done.messages} messages`,
);
process.exit(0);
