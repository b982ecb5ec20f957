import createNextIntlPlugin from "next-intl/plugin";
import nextConfig from "./next.config.base";
import { LOCALES } from "./lib/i18n/locale";

// next-intl without locale routing: the language of a render is chosen in i18n/request.ts.
// The catalogs (messages/<locale>/<area>.json) are precompiled at build time: each ICU message becomes
// a small JSON structure, and the browser formats it with next-intl's 1 KB formatter instead of
// downloading and running the ICU parser (intl-messageformat, 13 KB gzipped, ~17 ms of a post page's
// start-up on this machine). Code that reads a catalog's text itself (lib/i18n/server-text.ts) reads
// either form; tests/unit/precompiled-messages.test.ts checks both forms format every message alike.
export default createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: LOCALES, precompile: true } },
})(nextConfig);
