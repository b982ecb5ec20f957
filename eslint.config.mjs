import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

const NEXT_LINK = { name: "next/link", message: 'Use { Link } from "@/components/ui/link" (prefetch on intent, issue 15).' };
// `@/x/…` or a relative path that climbs into x/ (../../x/…).
const into = (dir) => `^(@/|(\\.\\./)+)${dir}(/|$)`;
const NO_APP = {
  regex: into("app"),
  message: "app/ is the top layer (pages, route handlers): lib, components and db do not import it. Server actions live in lib/actions/.",
};
const NO_SCRIPTS = {
  regex: into("scripts"),
  message:
    "scripts/ are command-line entries (seed, migrate, benches): the app does not import them; shared code lives in lib/ (the demo seeder: lib/demo/).",
};
const NO_EDGE = {
  regex: into("lib/api"),
  message: "Services are the domain: no HTTP. Errors are lib/errors.ts, DTO helpers lib/services/dto.ts; the edge (lib/api) maps them.",
};
const NO_NEXT = { regex: "^next(/|$)", message: "Services take plain values and never import Next.js: the edge and the pages do." };
const NO_DB_IN_BROWSER = {
  regex: "^(@/|(\\.\\./)+)db(/(?!schema/values$)|$)",
  allowTypeImports: true,
  message:
    "Components reach the database through services. Enum values come from @/db/schema/values: db/schema/enums brings Drizzle's column classes into the browser's bundle.",
};
const NO_FRONT = {
  regex: into("lib/front"),
  message: "lib/front/ is the HTTP front that server.ts runs before Next.js: only server.ts (and tests) import it.",
};
const NO_LIB = {
  // lib/env.ts, the one configuration schema (zod only), sits below every layer: the connection reads its settings there.
  regex: "^(@/|(\\.\\./)+)lib(/(?!env$)|$)",
  message: "db/ is the bottom layer: the connection, the schema and migrations import nothing from lib/ but the settings (lib/env.ts).",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The rule takes app/api/[...slug] (the JSON 404 of unknown API paths) for a page and then flags
      // plain links to API responses such as the RSS feed; there is no pages/ directory to protect.
      "@next/next/no-html-link-for-pages": "off",
      // Links prefetch on intent only (components/ui/link.tsx): next/link would prefetch every link in view.
      "no-restricted-imports": ["error", { paths: [NEXT_LINK] }],
    },
  },
  // The layers (README, Architecture): imports point down, never up. A zone's options replace the
  // ones above it for its files, so each repeats the rules it inherits.
  { files: ["lib/**"], rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_APP, NO_SCRIPTS, NO_FRONT] }] } },
  { files: ["app/**"], rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_FRONT] }] } },
  // The front sits below Next.js: plain node:http, no next/*; it uses the edge's helpers and the caches.
  {
    files: ["lib/front/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_APP, NO_SCRIPTS, NO_NEXT] }] },
  },
  {
    files: ["components/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_APP, NO_SCRIPTS, NO_DB_IN_BROWSER, NO_FRONT] }] },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_APP, NO_SCRIPTS, NO_DB_IN_BROWSER] }] },
  },
  {
    files: ["lib/services/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_APP, NO_SCRIPTS, NO_EDGE, NO_NEXT] }] },
  },
  { files: ["db/**"], rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [NO_APP, NO_LIB] }] } },
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "data/**",
      "data-*/**",
      "test-results/**",
      "bench/results/**",
      "bench/floor-app/.next/**",
      "**/next-env.d.ts",
      "db/migrations/**",
    ],
  },
];
export default config;
