import type { IncomingMessage, ServerResponse } from "node:http";
import { sendRefusal } from "@/lib/front/odd-methods";

/**
 * Requests that may hash or compare a password (sign-in, sign-up, resets, password and email changes,
 * account deletion, the sign-in pages' server actions) enter Next.js a few at a time. The hashing itself
 * runs off the server's thread (lib/services/shared/passwords.ts), but each request still costs the
 * thread ~5 ms of routing, parsing and database work; 60 arriving at once queued every other request
 * behind ~330-530 ms of them (bench:hostile, 60 parallel bad resets from 60 addresses). Held here, they
 * wait in a list and cost nothing, and the rest of the forum's requests go through between them.
 *
 * Bounded both ways: at most `running` of them in Next.js at once (lib/front/index.ts says how many),
 * at most `queued` waiting; beyond that 503 `service_unavailable` with Retry-After. A queued
 * request whose client goes away leaves the list.
 */
export type CredentialGate = {
  admit(req: IncomingMessage, res: ServerResponse, go: () => void): void;
  readonly state: { running: number; queued: number };
};

export function credentialGate(limits: { running: number; queued: number }): CredentialGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const startNext = () => {
    while (running < limits.running && waiting.length) waiting.shift()!();
  };
  const gate: CredentialGate = {
    admit(req, res, go) {
      if (!isCredentialRequest(req)) return go();
      const start = () => {
        running++;
        let over = false;
        const end = () => {
          if (over) return;
          over = true;
          running--;
          startNext();
        };
        res.once("finish", end);
        res.once("close", end);
        go();
      };
      if (running < limits.running) return start();
      if (waiting.length >= limits.queued) {
        return sendRefusal(req, res, {
          status: 503,
          code: "service_unavailable",
          error: "Too many sign-in requests at once; try again in a moment",
          headers: { "retry-after": "2" },
        });
      }
      waiting.push(start);
      res.once("close", () => {
        const i = waiting.indexOf(start);
        if (i >= 0) waiting.splice(i, 1);
      });
    },
    get state() {
      return { running, queued: waiting.length };
    },
  };
  return gate;
}

/** The pages whose server actions sign in, sign up or reset a password (app/(auth)). */
const CREDENTIAL_PAGES = new Set(["/login", "/register", "/reset-password", "/setup", "/login/choose-username"]);

/** Whether a request may hash or compare a password: a write to one of the paths that do. */
export function isCredentialRequest(req: IncomingMessage): boolean {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  return (
    path.startsWith("/api/auth/") ||
    path === "/api/users/me" ||
    path === "/api/users/me/password" ||
    path === "/api/users/me/email" ||
    path.startsWith("/api/users/me/two-factor") ||
    CREDENTIAL_PAGES.has(path)
  );
}
