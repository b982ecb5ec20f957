import http from "node:http";
import { expect, test } from "@playwright/test";
import { apiLogin } from "./pages/api";

/**
 * OpenIsle's client on another origin, in a real browser. A page served from
 * http://127.0.0.1:3199 (listed in CORS_ORIGINS by scripts/e2e-server.mjs) calls the API the way
 * frontend_nuxt does — with a bearer token, so Chromium sends a preflight first — and reads the
 * answers; a page from an unlisted origin (3198) is refused by the browser.
 */
const LISTED = 3199;
const UNLISTED = 3198;

let servers: http.Server[] = [];
test.beforeAll(async () => {
  servers = await Promise.all(
    [LISTED, UNLISTED].map(
      (port) =>
        new Promise<http.Server>((resolve) => {
          const s = http.createServer((_req, res) => {
            res.writeHead(200, { "content-type": "text/html" });
            res.end("<!doctype html><title>OpenIsle client</title><p>client</p>");
          });
          s.listen(port, "127.0.0.1", () => resolve(s));
        }),
    ),
  );
});
test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

test("a listed origin signs in, checks its token, reads the timeline, comments and uploads through a presigned URL", async ({
  page,
  request,
  baseURL,
}) => {
  const token = await apiLogin(request, "alice");
  await page.goto(`http://127.0.0.1:${LISTED}/`);
  const result = await page.evaluate(
    async ({ api, token }) => {
      const auth = { Authorization: `Bearer ${token}` };
      // utils/auth.js checkToken
      const check = await fetch(`${api}/api/auth/check`, { headers: auth });
      // pages/index.vue: the first page of the ranking tab
      const list = await (await fetch(`${api}/api/posts/ranking?page=0&pageSize=10`, { headers: auth })).json();
      const postId = list.find((p: { closed: boolean }) => !p.closed).id;
      // pages/posts/[id]/index.vue: a comment, then the timeline (Authorization '' when signed out)
      const made = await fetch(`${api}/api/posts/${postId}/comments`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ content: "from another origin" }),
      });
      const timeline = await (
        await fetch(`${api}/api/posts/${postId}/comments?sort=NEWEST&page=0&pageSize=10`, { headers: { Authorization: "" } })
      ).json();
      // utils/vditor.js: presign, PUT the file, then the file URL is an image
      const canvas = document.createElement("canvas");
      canvas.width = 4;
      canvas.height = 4;
      canvas.getContext("2d")!.fillRect(0, 0, 4, 4);
      const file = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
      const info = await (await fetch(`${api}/api/upload/presign?filename=${encodeURIComponent("dot.png")}`, { headers: auth })).json();
      const put = await fetch(info.uploadUrl, { method: "PUT", body: file });
      const img = new Image();
      const loaded = await new Promise<boolean>((r) => {
        img.onload = () => r(true);
        img.onerror = () => r(false);
        img.src = info.fileUrl;
      });
      return {
        check: [check.status, await check.json()],
        made: made.status,
        first: timeline[0] && { kind: timeline[0].kind, content: timeline[0].payload.content, avatar: timeline[0].payload.author.avatar },
        put: put.status,
        fileUrl: info.fileUrl,
        loaded,
      };
    },
    { api: baseURL!, token },
  );
  expect(result.check).toEqual([200, { valid: true }]);
  expect(result.made).toBe(201);
  expect(result.first).toMatchObject({ kind: "comment", content: "from another origin" });
  expect(result.first!.avatar).toMatch(/^http:\/\/localhost:\d+\//);
  expect(result.put).toBe(200);
  expect(result.fileUrl).toMatch(/\/uploads\/p\/[0-9a-f]{32}\.png$/);
  expect(result.loaded).toBe(true);
});

test("an unlisted origin cannot read the API from the browser", async ({ page, baseURL }) => {
  await page.goto(`http://127.0.0.1:${UNLISTED}/`);
  const outcome = await page.evaluate(async (api) => {
    try {
      await fetch(`${api}/api/posts?page=0&pageSize=1`);
      return "read";
    } catch {
      return "refused";
    }
  }, baseURL!);
  expect(outcome).toBe("refused");
});
