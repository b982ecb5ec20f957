// One configuration schema (lib/env.ts): the product reads its settings through env() or setting(),
// never process.env directly, and every setting of the schema is documented in docs/configuration.md.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";

const root = process.cwd();
/** Names that belong to Node and Next.js, not to the forum's configuration. */
const PLATFORM = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_DIST_DIR", "NEXT_PHASE", "PATH"]);
/** Files that must touch process.env itself, and why. */
const EXEMPT: Record<string, string> = {
  "lib/env.ts": "the schema reads the environment",
  "lib/auth-secret.ts": "writes the generated AUTH_SECRET into the environment for Auth.js",
  "lib/api/csp.ts": "loaded by next.config.ts, outside the app's module graph (the schema validates the same names)",
  "server.ts": "sets PORT and NODE_ENV before anything reads them",
};

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe("one configuration schema", () => {
  it("no product file reads a forum setting from process.env directly", () => {
    const offenders: string[] = [];
    for (const f of [...files("lib"), ...files("app"), ...files("db"), ...files("components"), "server.ts"]) {
      if (EXEMPT[f]) continue;
      const text = readFileSync(path.join(root, f), "utf8");
      // The whole environment handed on (to a child process, to the validation) is not a read.
      for (const m of text.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[)/g)) {
        if (m[1] && PLATFORM.has(m[1])) continue;
        offenders.push(`${f}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("every setting of the schema is in docs/configuration.md", () => {
    const doc = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    const schemaNames = [...readFileSync(path.join(root, "lib/env.ts"), "utf8").matchAll(/^  ([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!);
    expect(schemaNames.length).toBeGreaterThan(50);
    // The schema parses what it lists (a setting added there with a default shows in env()).
    expect(Object.keys(env(true))).toEqual(expect.arrayContaining(["DATA_DIR", "PORT", "DATABASE_POOL_SIZE", "LIST_CACHE"]));
    expect(schemaNames.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
