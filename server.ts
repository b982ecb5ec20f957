// The production server: `npm start`, the browser tests' server and the benchmarks run this file
// (`node --import tsx --import ./scripts/allow-server-only.mjs server.ts [-p PORT] [-H HOST]`, the
// arguments in scripts/server-node-args.mjs). `npm run dev` stays `next dev`, without the front: no page
// cache, and pages' inline scripts allowed by the dev policy instead of hashed (lib/api/csp.ts). Next.js's custom-server API with the HTTP front before it:
// 1. every setting is checked (lib/env.ts); an invalid one ends the process, one line each, before
//    anything else is loaded or any port is bound;
// 2. Next.js prepares the build (its instrumentation hook runs lib/startup.ts: migrations, demo content,
//    the scheduler, the database's close on SIGTERM);
// 3. the port is bound, and each request goes through the front (lib/front/index.ts: client address,
//    CORS, odd methods, writes first, the page cache, CSP) and then, unless answered there, to Next.js.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { settingProblems } from "@/lib/env";
import { keepConnectionsAlive } from "@/lib/front/keep-alive";

// tsx turns Node's source maps on; with them Node reads the map of every module it loads, Next's
// ~1,200 compiled chunks included: about 100 MB more memory and start-up time for better stack traces.
process.setSourceMapsEnabled(false);
const problems = settingProblems(process.env);
if (problems.length) {
  for (const line of problems) console.error(line);
  process.exit(1);
}

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: false,
});
if (args.port) process.env.PORT = String(args.port);
const port = Number(process.env.PORT || 3000);
const hostname = typeof args.hostname === "string" ? args.hostname : undefined;
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";

const { default: next } = await import("next");
const { createFront } = await import("@/lib/front");
const { routeConsoleToLog } = await import("@/lib/front/request-log");
const { loadRouteTemplates, startMetricsListener } = await import("@/lib/front/metrics");
// Every line the process writes from here on is JSON (lib/front/request-log.ts).
routeConsoleToLog();

const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), hostname, port });
try {
  await app.prepare();
} catch (err) {
  console.error("[server] Next.js could not prepare the build; the process exits", err);
  process.exit(1);
}
const handle = app.getRequestHandler();
// The metrics' route labels (lib/front/metrics.ts) and the loopback listener for them, when METRICS_PORT is set.
loadRouteTemplates(path.dirname(fileURLToPath(import.meta.url)));
startMetricsListener();

const server = http.createServer();
keepConnectionsAlive(server);
server.on(
  "request",
  createFront({
    server,
    next: (req, res) =>
      void handle(req, res).catch((err: unknown) => {
        console.error("[server] request failed", err);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        } else res.destroy();
      }),
  }),
);
server.on("error", (err) => {
  console.error(`[server] cannot listen on ${hostname ?? "*"}:${port}; the process exits`, err);
  process.exit(1);
});
server.listen(port, hostname, () => console.log(`[server] ready on http://${hostname ?? "localhost"}:${port}`));

// On SIGTERM/SIGINT the server stops accepting connections and ends idle keep-alive ones; the requests
// in flight finish. lib/startup.ts's handler for the same signals ends the event streams, stops the
// scheduler and closes the database (PGlite flushes its folder), then exits.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
  });
}
