import base from "./playwright.config";
export default { ...base, webServer: undefined, timeout: 180_000, expect: { timeout: 60_000 }, use: { ...base.use, baseURL: "http://localhost:3203" } };
