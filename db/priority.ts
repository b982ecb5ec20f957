import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which requests' statements go first on the embedded database (issue 45). PGlite runs every statement
 * on the server's one thread, inside promise chains: under a flood of reads the event loop reaches a
 * write's socket only after the reads in flight have run their statements. Outside a write, each
 * top-level statement first yields to the event loop (db/index.ts), so the loop reads waiting sockets
 * between the reads' statements; a write's statements do not yield. The HTTP front marks a write
 * (lib/api/write-first.ts); `WRITE_FIRST_MS=0` turns both off.
 */
const writes = new AsyncLocalStorage<true>();

/** Runs `fn` (a write request's handling) with its statements marked as a write's. */
export function runAsWrite<T>(fn: () => T): T {
  return writes.run(true, fn);
}

/** Whether the statement being sent belongs to a write request. */
export function inWrite(): boolean {
  return writes.getStore() === true;
}
