// Node flags for the production server (npm start, the e2e server, the bench and reliability scripts).
// V8 lets the heap grow lazily under a high allocation rate (hundreds of MB of garbage at 1,000+
// requests/s); the live heap of the forum is far smaller (the read caches are bounded), so the old
// space is capped to keep the process's memory predictable. SERVER_HEAP_MB=0 leaves Node's default.

/** @returns {string[]} */
export function serverNodeArgs() {
  const mb = Number(process.env.SERVER_HEAP_MB ?? "320");
  return Number.isFinite(mb) && mb > 0 ? [`--max-old-space-size=${Math.round(mb)}`] : [];
}
