import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

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
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Use { Link } from \"@/components/ui/link\" (prefetch on intent, issue 15)." }] }],
    },
  },
  { files: ["components/ui/link.tsx"], rules: { "no-restricted-imports": "off" } },
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "data-*/**", "test-results/**", "bench/results/**", "bench/floor-app/.next/**", "**/next-env.d.ts", "db/migrations/**"] },
];
export default config;
