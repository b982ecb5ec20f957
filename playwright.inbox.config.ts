// Temporary (inbox helper): run the spec against an already running dev server on E2E_PORT.
import base from "./playwright.config";
import { defineConfig } from "@playwright/test";
export default defineConfig({ ...base, webServer: undefined });
