// GET /api/channels and /api/channels/unread-count (OpenIsle's group chats, none here): members only, as
// docs/openisle-compat.md says: an anonymous caller gets the 401 of docs/api.md §1, a member [] and 0.
import { describe, expect, it } from "vitest";
import { GET as listChannels } from "@/app/api/channels/route";
import { GET as channelUnread } from "@/app/api/channels/unread-count/route";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";

describe("OpenIsle's channels are for members", () => {
  it("anonymous: 401 with the error body, on both paths", async () => {
    for (const [handler, path] of [
      [listChannels, "/api/channels"],
      [channelUnread, "/api/channels/unread-count"],
    ] as const) {
      const res = await call(handler, path);
      expect(res.status, path).toBe(401);
      expect(errorSchema.safeParse(res.body).success, path).toBe(true);
      expect(res.body.code, path).toBe("unauthorized");
    }
  });

  it("a member: no channels, nothing unread", async () => {
    const u = await makeUser();
    expect(await call(listChannels, "/api/channels", { token: u.token })).toMatchObject({ status: 200, body: [] });
    expect(await call(channelUnread, "/api/channels/unread-count", { token: u.token })).toMatchObject({ status: 200, body: 0 });
  });

  it("the OpenAPI document says so", () => {
    expect(listChannels.spec.auth).toBe("required");
  });
});
