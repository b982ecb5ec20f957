import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s. A client that pools
 * connections (an API client, a proxy, Playwright's request context) and sends on one just as the server
 * closes it gets ECONNRESET on a POST that nobody retries. Seen in the browser suite: a sign-in after about
 * 5 s of other work. With 65 s (longer than the usual 60 s of proxies and load balancers), the client is
 * the side that closes an idle connection. Headers must still arrive within headersTimeout (Node's
 * default, 60 s; it only needs to stay below requestTimeout), so a slow client gains nothing.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
}
