import { fileURLToPath } from "node:url";
// Node flags for the production server (npm start, the e2e server, the bench and reliability scripts).
// - V8 lets the heap grow lazily under a high allocation rate (hundreds of MB of garbage at 1,000+
//   requests/s); the live heap of the forum is far smaller (the read caches are bounded), so the old
//   space is capped to keep the process's memory predictable. SERVER_HEAP_MB=0 leaves Node's default.
// - V8's memory reducer is off: whenever allocation slows down (a forum between visitors) it runs full
//   mark-compacts to shrink the heap, about 500 ms of CPU each for this server's ~70 MB heap. Measured
//   at one anonymous view every 4 s on 100k posts (npm run bench:sparse, bench/results/memory-reducer-100k.txt):
//   32-48 ms of server CPU per view with it, 26-30 ms without, for 4-8 MB more RSS (about 185 MB).
//   Under load it does not run either way; the heap cap above still bounds memory.
//   SERVER_MEMORY_REDUCER=1 turns it back on (a small machine that would rather trade CPU for memory).

/** @returns {string[]} */
export function serverNodeArgs() {
  const mb = Number(process.env.SERVER_HEAP_MB ?? "320");
  const args = Number.isFinite(mb) && mb > 0 ? [`--max-old-space-size=${Math.round(mb)}`] : [];
  if (process.env.SERVER_MEMORY_REDUCER !== "1") args.push("--no-memory-reducer");
  return args;
}

/**
 * The production server's entry: server.ts, run from its TypeScript through tsx (`server-only` markers
 * allowed), after the Node flags: `node ...serverNodeArgs() ...serverEntry() -p PORT [-H HOST]`.
 * @returns {string[]}
 */
export function serverEntry() {
  const root = new URL("../", import.meta.url);
  return ["--import", "tsx", "--import", new URL("scripts/allow-server-only.mjs", root).href, fileURLToPath(new URL("server.ts", root))];
}

/** Node flags and entry of the production server. @returns {string[]} */
export const serverCommand = () => [...serverNodeArgs(), ...serverEntry()];
