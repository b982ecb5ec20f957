// `node --import ./scripts/allow-server-only.mjs` (the tsx scripts: seed, migrate, user:create, bench):
// server modules say `import "server-only"`, which throws outside a React Server Components bundle so
// that Next.js refuses to ship them to a browser. A command-line script is on the server by
// definition, so here the marker resolves to an empty module.
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register("data:text/javascript," + encodeURIComponent(hook));
