import createNextIntlPlugin from "next-intl/plugin";
import nextConfig from "./next.config.base";

// next-intl without locale routing: the language of a render is chosen in i18n/request.ts.
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
