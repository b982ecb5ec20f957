// What the HTTP front answers before Next.js, for requests Next.js would turn into a 500: a real
// node:http server with the front's early refusal in front of a handler that records what reached it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOddRequest } from "@/lib/front/odd-methods";

let server: http.Server;
let base = "";
const reached: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (answerOddRequest(req, res)) return;
    reached.push(req.url ?? "");
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET (fetch would re-encode the path). */
function rawGet(path: string): Promise<{ status: number; body: string; type?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: res.headers["content-type"] }));
      })
      .on("error", reject);
  });
}

describe("a path with a malformed percent escape", () => {
  it.each(["/u/%E0", "/posts/%ZZ", "/api/posts/%", "/t/%ED%A0%80"])("%s is a 400 in the error body, never handed on", async (path) => {
    const before = reached.length;
    const res = await rawGet(path);
    expect(res.status).toBe(400);
    expect(res.type).toBe("application/json");
    expect(JSON.parse(res.body)).toMatchObject({ code: "bad_request", error: expect.stringContaining("percent escape") });
    expect(reached.length).toBe(before);
  });

  it("a well-formed escape, and a malformed one in the query, still reach the app", async () => {
    expect((await rawGet("/u/%E4%BD%A0%E5%A5%BD")).status).toBe(200);
    expect((await rawGet("/search?q=%E0")).status).toBe(200);
    expect(reached.slice(-2)).toEqual(["/u/%E4%BD%A0%E5%A5%BD", "/search?q=%E0"]);
  });
});
