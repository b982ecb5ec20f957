// A render the page cache keeps for others cannot reach the member who asked (lib/cache/README.md, "What
// a shared render may read"): pageReader() answers from the render's class alone, and pageViewer() /
// pageAccount() throw there.
import { vi } from "vitest";

const request = vi.hoisted(() => ({ headers: new Headers(), cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => {
      const part = request.cookie.split(/;\s*/).find((p) => p.startsWith(`${name}=`));
      return part ? { name, value: decodeURIComponent(part.slice(name.length + 1)) } : undefined;
    },
  }),
}));

import { afterEach, describe, expect, it } from "vitest";
import { MEMBERS, pageAccount, pageReader, pageViewer, SharedRenderError } from "@/lib/cache/page-reader";
import { SHARED_RENDER_HEADER, sharedRenderValue } from "@/lib/cache/shared-render";
import { makeUser, sessionCookie } from "../helpers";

/** A page request: signed in with `cookie`, and rendered for the page cache when `shared` is the header's value. */
function asRequest(o: { cookie?: string; shared?: string }) {
  request.cookie = o.cookie ?? "";
  request.headers = new Headers(o.shared === undefined ? {} : { [SHARED_RENDER_HEADER]: o.shared });
}

afterEach(() => {
  asRequest({});
  vi.unstubAllEnvs();
});

describe("pageReader and pageViewer", () => {
  it("a page rendered for the member who asked reads them, as pageViewer does", async () => {
    const u = await makeUser();
    asRequest({ cookie: (await sessionCookie(u.id)).cookie });
    expect(await pageReader()).toMatchObject({ shared: false, viewer: { id: u.id, username: u.username } });
    expect(await pageViewer()).toMatchObject({ id: u.id });
    expect(await pageAccount()).toMatchObject({ id: u.id });
    asRequest({});
    expect(await pageReader()).toMatchObject({ viewer: null, shared: false });
    expect(await pageViewer()).toBeNull();
  });

  it("a shared render reads as its class, never the session, and pageViewer and pageAccount throw there", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    asRequest({ cookie, shared: sharedRenderValue("member") });
    expect(await pageReader()).toMatchObject({ viewer: MEMBERS, shared: true });
    await expect(pageViewer()).rejects.toThrow(SharedRenderError);
    await expect(pageViewer()).rejects.toThrow(/pageReader\(\)/);
    await expect(pageAccount()).rejects.toThrow(SharedRenderError);

    // Rendered ahead by the process itself for a write: no one behind the request.
    asRequest({ shared: sharedRenderValue("member", true) });
    expect(await pageReader()).toMatchObject({ viewer: MEMBERS, shared: true });
    await expect(pageViewer()).rejects.toThrow(SharedRenderError);

    // The anonymous document is shared too: a page that asks pageViewer() there is caught even though no one is signed in.
    asRequest({ shared: sharedRenderValue("anon") });
    expect(await pageReader()).toMatchObject({ viewer: null, shared: true });
    await expect(pageViewer()).rejects.toThrow(SharedRenderError);

    // A member with ONLY_ME posts of their own: their lists are kept for them, read as "some member" with their id.
    asRequest({ cookie, shared: sharedRenderValue(`u${u.id}`) });
    expect(await pageReader()).toMatchObject({ viewer: { ...MEMBERS, id: u.id }, shared: true });
    await expect(pageViewer()).rejects.toThrow(SharedRenderError);
  });

  it("a header without this process's secret is no shared render", async () => {
    const u = await makeUser();
    asRequest({ cookie: (await sessionCookie(u.id)).cookie, shared: "forged member" });
    expect(await pageReader()).toMatchObject({ shared: false, viewer: { id: u.id } });
    expect(await pageViewer()).toMatchObject({ id: u.id });
  });

  it("in production the misuse is logged and answers null (nothing of anyone's in the document), unless PAGE_READER_STRICT=1", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    asRequest({ cookie, shared: sharedRenderValue("member") });
    vi.stubEnv("NODE_ENV", "production");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await pageViewer()).toBeNull();
      expect(await pageAccount()).toBeNull();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("pageViewer() in a shared render"));
      vi.stubEnv("PAGE_READER_STRICT", "1");
      await expect(pageViewer()).rejects.toThrow(SharedRenderError);
    } finally {
      logged.mockRestore();
    }
  });
});
