import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { addressRefusal, safeFetch, vetUrl, type Resolver } from "@/lib/ssrf";

/** Every refusal here must happen before any connection or DNS query: this resolver fails loudly. */
const mustNotResolve: Resolver = async (host) => {
  throw new Error(`resolver called for ${host}`);
};
const resolvingTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

async function refusal(url: string, resolver: Resolver = mustNotResolve): Promise<AppError> {
  const err = await safeFetch(url, { maxBytes: 1024, resolver, totalTimeoutMs: 2_000, connectTimeoutMs: 1_000 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, url).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("WHATWG URL normalizes IPv4 spellings before the check", () => {
  it.each([
    ["http://2130706433/", "127.0.0.1"],
    ["http://0x7f000001/", "127.0.0.1"],
    ["http://017700000001/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://0x7f.0.0.1/", "127.0.0.1"],
    ["http://0/", "0.0.0.0"],
    ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"],
  ])("%s → %s", (input, host) => {
    expect(new URL(input).hostname).toBe(host);
  });
});

describe("hostile URLs are refused (400 url_not_allowed), none hangs", () => {
  const hostile = [
    "file:///etc/passwd",
    "ftp://127.0.0.1/x.png",
    "gopher://127.0.0.1:70/_GET",
    "javascript:alert(1)",
    "data:image/png;base64,iVBORw0KGgo=",
    "ws://127.0.0.1/",
    "http://127.0.0.1/x.png",
    "http://127.0.0.1:6379/",
    "http://localhost/x.png",
    "http://LOCALHOST./x.png",
    "http://foo.localhost/x.png",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://127.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[2001::1]/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://239.255.255.250:1900/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    "http://198.18.0.1/",
    "http://192.0.2.1/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://user:pass@example.com/x.png",
    "http://user@example.com/x.png",
    "http://example.com:22/",
    "not a url",
  ];

  it.each(hostile)("%s", async (url) => {
    const err = await refusal(url);
    expect(statusOf(err)).toBe(400);
    expect(err.code).toBe("url_not_allowed");
    expect(err.message).not.toMatch(/resolver called/);
  });

  it("has at least 25 entries", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(25);
  });

  it.each([
    ["a name resolving to 127.0.0.1", ["127.0.0.1"]],
    ["a name resolving to a public and a private address", ["93.184.216.34", "10.1.2.3"]],
    ["a name resolving to a mapped private address", ["::ffff:10.0.0.1"]],
    ["a name resolving to the metadata address", ["169.254.169.254"]],
    ["a name resolving to IPv6 loopback", ["::1"]],
  ])("%s", async (_name, addresses) => {
    const err = await refusal("http://evil.example/x.png", resolvingTo(...addresses));
    expect(err.code).toBe("url_not_allowed");
  });

  it("an unresolvable name is fetch_failed", async () => {
    const err = await refusal("http://nowhere.example/x.png", async () => {
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    });
    expect(err.code).toBe("fetch_failed");
  });

  it("loopback stays refused when UPLOAD_ALLOW_LOOPBACK is off, private ranges even when it is on", async () => {
    await expect(vetUrl("http://127.0.0.1/", { allowLoopback: false, resolver: mustNotResolve })).rejects.toMatchObject({
      code: "url_not_allowed",
    });
    await expect(vetUrl("http://10.0.0.1/", { allowLoopback: true, resolver: mustNotResolve })).rejects.toMatchObject({
      code: "url_not_allowed",
    });
    await expect(vetUrl("http://169.254.169.254/", { allowLoopback: true, resolver: mustNotResolve })).rejects.toMatchObject({
      code: "url_not_allowed",
    });
    await expect(vetUrl("http://0.0.0.0/", { allowLoopback: true, resolver: mustNotResolve })).rejects.toMatchObject({
      code: "url_not_allowed",
    });
    await expect(vetUrl("http://127.0.0.1:8080/", { allowLoopback: true, resolver: mustNotResolve })).resolves.toMatchObject({
      address: { address: "127.0.0.1" },
    });
  });
});

describe("addressRefusal", () => {
  it("allows public unicast only", () => {
    for (const ip of ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
      expect(addressRefusal(ip), ip).toBeNull();
    }
    for (const ip of [
      "127.0.0.1",
      "10.0.0.1",
      "::1",
      "::",
      "::ffff:192.168.0.1",
      "fe80::1",
      "fc00::1",
      "2001:db8::1",
      "100.64.1.1",
      "not-an-ip",
    ]) {
      expect(addressRefusal(ip), ip).not.toBeNull();
    }
  });
});
