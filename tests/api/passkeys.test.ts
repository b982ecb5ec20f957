// Passkeys (issue 60, item 2): adding, naming, renaming and removing them, signing in with one (a
// second factor of its own), and the refusals: wrong, replayed and out-of-date challenges, another
// member's credential, a counter that went back, the outside probes. The authenticator is a P-256 key
// made here; attestation ("none") and assertions are built by hand, CBOR through @simplewebauthn's own encoder.

import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { passkeyChallenges, userPasskeys, users } from "@/db/schema";
import { GET as list, POST as register } from "@/app/api/users/me/passkeys/route";
import { POST as registerOptions } from "@/app/api/users/me/passkeys/options/route";
import { DELETE as remove, PUT as rename } from "@/app/api/users/me/passkeys/[id]/route";
import { POST as signInOptions } from "@/app/api/auth/passkey/options/route";
import { POST as signInVerify } from "@/app/api/auth/passkey/verify/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/users/me/route";
import { POST as startTwoFactor } from "@/app/api/users/me/two-factor/route";
import { POST as confirmTwoFactor } from "@/app/api/users/me/two-factor/confirm/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { deleteMyAccount } from "@/lib/services/accounts/delete-account";
import { relyingParty, verifyPasskeySignInJson } from "@/lib/services/auth/passkeys";
import { SILENCE_UNTIL } from "@/lib/services/spam/silence";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, sessionCookie, setRateLimits, type TestUser } from "../helpers";

// Rate limits for this file (site settings, in its own database).
beforeAll(() => setRateLimits({ login: { limit: 6 } }));

let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;
const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();
/** The user handle a browser hands back (@simplewebauthn/browser 13): base64url of the user id's bytes, the member's id as UTF-8. */
const handle = (userId: number) => b64u(Buffer.from(String(userId)));
/** Whether a DER ECDSA signature has an r or s shorter than 32 bytes (its leading zero bytes dropped). */
const hasShortComponent = (der: Buffer) => {
  const rLen = der[3]!;
  const sLen = der[4 + rLen + 1]!;
  return rLen < 32 || sLen < 32;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A software authenticator: one P-256 credential for one member, its counter, user verification. */
class Authenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Uint8Array;
  counter = 0;
  constructor(
    readonly userId: number,
    private readonly origin = relyingParty().origin,
    private readonly rpID = relyingParty().rpID,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    this.cose = isoCBOR.encode(coseKey);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): attestation "none", UP + UV + AT. */
  attest(challenge: string, o: { origin?: string; uv?: boolean } = {}) {
    const flags = 0x01 | (o.uv === false ? 0 : 0x04) | 0x40;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([flags]),
      u32(this.counter),
      Buffer.alloc(16), // aaguid
      idLen,
      this.credentialId,
      Buffer.from(this.cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: "public-key",
      response: {
        clientDataJSON: b64u(this.clientData("webauthn.create", challenge, o.origin)),
        attestationObject: b64u(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): UP + UV, the counter moved on by one (unless `counter` says otherwise). */
  assert(
    challenge: string,
    o: { origin?: string; counter?: number; userHandle?: string | null; uv?: boolean; shortSignature?: boolean } = {},
  ) {
    this.counter = o.counter ?? this.counter + 1;
    const authData = Buffer.concat([sha256(this.rpID), Buffer.from([0x01 | (o.uv === false ? 0 : 0x04)]), u32(this.counter)]);
    const clientDataJSON = this.clientData("webauthn.get", challenge, o.origin);
    const sign = () =>
      createSign("SHA256")
        .update(Buffer.concat([authData, sha256(clientDataJSON)]))
        .sign(this.key);
    // ECDSA signatures are randomized: signing again until r or s came out short (about 1 in 128).
    let signature = sign();
    while (o.shortSignature && !hasShortComponent(signature)) signature = sign();
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: "public-key",
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(o.userHandle === null ? {} : { userHandle: o.userHandle ?? handle(this.userId) }),
      },
      clientExtensionResults: {},
    };
  }
}

/** The member adds a passkey through the API: options, then the authenticator's answer. */
async function addPasskey(u: TestUser, name?: string) {
  const opts = await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: u.token });
  expect(opts.status).toBe(200);
  const auth = new Authenticator(u.id);
  const r = await call(register, "/api/users/me/passkeys", { token: u.token, body: { response: auth.attest(opts.body.challenge), name } });
  expect(r.status).toBe(201);
  return { auth, passkey: r.body as { id: number; name: string } };
}

const challengeFor = async (username?: string, ip = freshIp()) => {
  const r = await call(signInOptions, "/api/auth/passkey/options", {
    method: "POST",
    headers: peerHeaders(ip),
    ...(username ? { body: { username } } : {}),
  });
  expect(r.status).toBe(200);
  return r.body as { challenge: string; allowCredentials?: { id: string }[]; userVerification?: string; rpId?: string };
};

const verify = (response: unknown, ip = freshIp()) =>
  call(signInVerify, "/api/auth/passkey/verify", { method: "POST", headers: peerHeaders(ip), body: { response } });

describe("adding, listing, renaming and removing passkeys", () => {
  it("registers a passkey from a real attestation, lists, renames and deletes it", async () => {
    const u = await makeUser({ username: "pk_owner" });
    const opts = await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: u.token });
    expect(opts.status).toBe(200);
    expect(opts.body.rp).toEqual({ id: relyingParty().rpID, name: expect.any(String) });
    expect(opts.body.user.name).toBe("pk_owner");
    expect(opts.body.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(opts.body.attestation).toBe("none");
    // The challenge is kept on the server, for this member, for 5 minutes.
    const [ch] = await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, opts.body.challenge));
    expect(ch).toMatchObject({ purpose: "register", userId: u.id });
    expect(ch!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(ch!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const auth = new Authenticator(u.id);
    const r = await call(register, "/api/users/me/passkeys", {
      token: u.token,
      body: { response: auth.attest(opts.body.challenge), name: "Laptop" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Laptop", transports: ["internal"], lastUsedAt: null });
    const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.id, r.body.id));
    expect(row).toMatchObject({ userId: u.id, credentialId: b64u(auth.credentialId), counter: 0 });
    expect(Buffer.isBuffer(row!.publicKey)).toBe(true);
    // The challenge was used up.
    expect(await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, opts.body.challenge))).toEqual([]);

    // A second one gets a default name; the options now exclude the first.
    const opts2 = await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: u.token });
    expect(opts2.body.excludeCredentials).toEqual([expect.objectContaining({ id: b64u(auth.credentialId), type: "public-key" })]);
    const second = await call(register, "/api/users/me/passkeys", {
      token: u.token,
      body: { response: new Authenticator(u.id).attest(opts2.body.challenge) },
    });
    expect(second.status).toBe(201);
    expect(second.body.name).toBe("Passkey 2");

    const l = await call(list, "/api/users/me/passkeys", { token: u.token });
    expect(l.status).toBe(200);
    expect(l.body.map((p: { name: string }) => p.name)).toEqual(["Laptop", "Passkey 2"]);

    const rn = await call(rename, `/api/users/me/passkeys/${r.body.id}`, {
      method: "PUT",
      token: u.token,
      params: { id: String(r.body.id) },
      body: { name: "  Work laptop " },
    });
    expect(rn.status).toBe(200);
    expect(rn.body.name).toBe("Work laptop");
    const empty = await call(rename, `/api/users/me/passkeys/${r.body.id}`, {
      method: "PUT",
      token: u.token,
      params: { id: String(r.body.id) },
      body: { name: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe("name");

    const d = await call(remove, `/api/users/me/passkeys/${r.body.id}`, {
      method: "DELETE",
      token: u.token,
      params: { id: String(r.body.id) },
    });
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ deleted: true });
    const after = await call(list, "/api/users/me/passkeys", { token: u.token });
    expect(after.body.map((p: { name: string }) => p.name)).toEqual(["Passkey 2"]);
    // A removed passkey signs in no more.
    const c = await challengeFor();
    const gone = await verify(auth.assert(c.challenge));
    expect(gone.status).toBe(401);
    expect(errorSchema.parse(gone.body).code).toBe("unauthorized");
  });

  it("refuses a registration answer to a wrong, replayed, expired or another member's challenge, a foreign origin and no user verification", async () => {
    const u = await makeUser({ username: "pk_reg_refusals" });
    const other = await makeUser({ username: "pk_reg_other" });
    const post = (response: unknown, who = u) => call(register, "/api/users/me/passkeys", { token: who.token, body: { response } });
    const options = async (who = u) =>
      (await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: who.token })).body.challenge as string;

    // A challenge the server never made.
    const wrong = await post(new Authenticator(u.id).attest(b64u(randomBytes(32))));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "validation_failed", field: "response" });

    // Another member's challenge.
    const theirs = await options(other);
    expect((await post(new Authenticator(u.id).attest(theirs))).status).toBe(400);

    // Replayed: the same answer twice works once.
    const ch = await options();
    const answer = new Authenticator(u.id).attest(ch);
    expect((await post(answer)).status).toBe(201);
    const replay = await post(answer);
    expect(replay.status).toBe(400);
    expect(replay.body.field).toBe("response");

    // Out of date (older than 5 minutes).
    const old = await options();
    await db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, old));
    expect((await post(new Authenticator(u.id).attest(old))).status).toBe(400);

    // Another origin, and no user verification: the challenge is used up, the passkey not kept.
    const foreign = await post(new Authenticator(u.id, "https://evil.example").attest(await options()));
    expect(foreign.status).toBe(400);
    const noUv = await post(new Authenticator(u.id).attest(await options(), { uv: false }));
    expect(noUv.status).toBe(400);
    expect((await call(list, "/api/users/me/passkeys", { token: u.token })).body).toHaveLength(1);
  });

  it("a credential already added (by anyone) is a 409; malformed answers are 400", async () => {
    const a = await makeUser({ username: "pk_dupe_a" });
    const b = await makeUser({ username: "pk_dupe_b" });
    const { auth } = await addPasskey(a);
    // b replays a's credential id with a new attestation: refused, a's passkey unchanged.
    const ch = (await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: b.token })).body.challenge;
    const clone = Object.assign(new Authenticator(b.id), { credentialId: auth.credentialId });
    const r = await call(register, "/api/users/me/passkeys", { token: b.token, body: { response: clone.attest(ch) } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("conflict");
    const [row] = await db
      .select()
      .from(userPasskeys)
      .where(eq(userPasskeys.credentialId, b64u(auth.credentialId)));
    expect(row!.userId).toBe(a.id);

    const bad = await call(register, "/api/users/me/passkeys", { token: b.token, body: { response: { id: "x" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
    const long = await call(register, "/api/users/me/passkeys", {
      token: b.token,
      body: { response: clone.attest(ch), name: "x".repeat(65) },
    });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("name");
  });
});

describe("signing in with a passkey", () => {
  it("usernameless: any passkey of the site answers; the token is the member's; counter and last use are kept", async () => {
    const u = await makeUser({ username: "pk_signin" });
    const { auth, passkey } = await addPasskey(u, "Phone");
    const c = await challengeFor();
    expect(c.allowCredentials ?? []).toEqual([]);
    expect(c.userVerification).toBe("required");
    expect(c.rpId).toBe(relyingParty().rpID);
    const r = await verify(auth.assert(c.challenge));
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: u.id, username: "pk_signin" });
    expect(r.body.token).toMatch(/^fp_/);
    const who = await call(me, "/api/users/me", { token: r.body.token });
    expect(who.body.username).toBe("pk_signin");
    const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();

    // The browser's path (Auth.js authorize() gets the answer as JSON): the same check.
    const c2 = await challengeFor();
    expect(await verifyPasskeySignInJson({ json: JSON.stringify(auth.assert(c2.challenge)), ip: freshIp() })).toBe(u.id);
    await expect(verifyPasskeySignInJson({ json: "{not json", ip: freshIp() })).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("after a username (or email): the options list that member's passkeys; an unknown name lists none", async () => {
    const u = await makeUser({ username: "pk_named" });
    const { auth } = await addPasskey(u);
    const c = await challengeFor("PK_Named");
    expect(c.allowCredentials?.map((x) => x.id)).toEqual([b64u(auth.credentialId)]);
    expect((await challengeFor("pk_named@example.test")).allowCredentials).toHaveLength(1);
    expect((await challengeFor("nobody-here")).allowCredentials ?? []).toEqual([]);
    expect((await verify(auth.assert(c.challenge))).status).toBe(200);
  });

  it("refuses a wrong, replayed and out-of-date challenge, another origin and an assertion without user verification", async () => {
    const u = await makeUser({ username: "pk_challenges" });
    const { auth } = await addPasskey(u);
    // A challenge the server never made.
    const wrong = await verify(auth.assert(b64u(randomBytes(32))));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("unauthorized");
    // A registration challenge is no sign-in challenge.
    const reg = (await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: u.token })).body.challenge;
    expect((await verify(auth.assert(reg))).status).toBe(401);
    // Replayed: the same signed answer twice signs in once.
    const c = await challengeFor();
    const answer = auth.assert(c.challenge);
    expect((await verify(answer)).status).toBe(200);
    expect((await verify(answer)).status).toBe(401);
    // Out of date.
    const old = await challengeFor();
    await db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, old.challenge));
    expect((await verify(auth.assert(old.challenge))).status).toBe(401);
    // Signed for another origin; signed without user verification.
    expect((await verify(auth.assert((await challengeFor()).challenge, { origin: "https://evil.example" }))).status).toBe(401);
    expect((await verify(auth.assert((await challengeFor()).challenge, { uv: false }))).status).toBe(401);
    // Still fine with a fresh challenge.
    expect((await verify(auth.assert((await challengeFor()).challenge))).status).toBe(200);
  });

  it("refuses a counter that did not move forward (a cloned authenticator)", async () => {
    const u = await makeUser({ username: "pk_counter" });
    const { auth } = await addPasskey(u);
    expect((await verify(auth.assert((await challengeFor()).challenge, { counter: 5 }))).status).toBe(200);
    const same = await verify(auth.assert((await challengeFor()).challenge, { counter: 5 }));
    expect(same.status).toBe(401);
    const back = await verify(auth.assert((await challengeFor()).challenge, { counter: 3 }));
    expect(back.status).toBe(401);
    expect((await db.select().from(userPasskeys).where(eq(userPasskeys.userId, u.id)))[0]!.counter).toBe(5);
    expect((await verify(auth.assert((await challengeFor()).challenge, { counter: 6 }))).status).toBe(200);
  });

  it("another member's credential: a key that is not the registered one, or a user handle naming someone else, is refused", async () => {
    const a = await makeUser({ username: "pk_victim" });
    const b = await makeUser({ username: "pk_attacker" });
    const { auth: aKey } = await addPasskey(a);
    await addPasskey(b);
    // b's own key claiming a's credential id: the signature does not verify against a's public key.
    const forged = Object.assign(new Authenticator(b.id), { credentialId: aKey.credentialId });
    const r = await verify(forged.assert((await challengeFor()).challenge, { userHandle: handle(a.id) }));
    expect(r.status).toBe(401);
    // a's real key, but its user handle says b: refused (the passkey signs in only the member it was made for).
    const swapped = await verify(aKey.assert((await challengeFor()).challenge, { userHandle: handle(b.id) }));
    expect(swapped.status).toBe(401);
    // …also in the form @simplewebauthn/browser 9 sent it (the id as text), which a page loaded before the upgrade still sends.
    expect((await verify(aKey.assert((await challengeFor()).challenge, { userHandle: String(b.id) }))).status).toBe(401);
    const oldPage = await verify(aKey.assert((await challengeFor()).challenge, { userHandle: String(a.id) }));
    expect(oldPage.status).toBe(200);
    expect(oldPage.body.user.id).toBe(a.id);
    // An unknown credential.
    expect((await verify(new Authenticator(a.id).assert((await challengeFor()).challenge))).status).toBe(401);
    // Without a user handle (a non-discoverable answer) a's key signs a in, never b.
    const ok = await verify(aKey.assert((await challengeFor()).challenge, { userHandle: null }));
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(a.id);
  });

  it("a member with two-factor sign-in is not asked for a code: the passkey is the second factor", async () => {
    const u = await makeUser({ username: "pk_2fa", password: "right-password" });
    const s = await call(startTwoFactor, "/api/users/me/two-factor", { method: "POST", token: u.token });
    const code = await generate({ secret: s.body.secret });
    const c = await call(confirmTwoFactor, "/api/users/me/two-factor/confirm", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code },
    });
    expect(c.status).toBe(200);
    // The password alone asks for a code…
    const pw = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: "pk_2fa", password: "right-password" },
    });
    expect(pw.status).toBe(401);
    expect(pw.body.code).toBe("two_factor_required");
    // …a passkey does not.
    const { auth } = await addPasskey(u);
    const r = await verify(auth.assert((await challengeFor()).challenge));
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(u.id);
    const c2 = await challengeFor();
    expect(await verifyPasskeySignInJson({ json: JSON.stringify(auth.assert(c2.challenge)), ip: freshIp() })).toBe(u.id);
  });

  it("a signature whose r or s is shorter than 32 bytes signs in (DER drops leading zeros: about 1 sign-in in 128)", async () => {
    const u = await makeUser({ username: "pk_short_sig" });
    const { auth } = await addPasskey(u);
    for (let i = 0; i < 3; i++) {
      const answer = auth.assert((await challengeFor()).challenge, { shortSignature: true });
      expect(hasShortComponent(Buffer.from(answer.response.signature, "base64url"))).toBe(true);
      const r = await verify(answer);
      expect(r.status).toBe(200);
      expect(r.body.user.id).toBe(u.id);
    }
    const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, u.id));
    expect(row!.counter).toBe(3);
  });

  it("failed attempts are limited like passwords: per passkey and per address (429)", async () => {
    const u = await makeUser({ username: "pk_limit" });
    const { auth } = await addPasskey(u);
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      const r = await verify(auth.assert((await challengeFor(undefined, freshIp())).challenge, { origin: "https://evil.example" }), ip);
      expect(r.status).toBe(401);
    }
    const limited = await verify(auth.assert((await challengeFor(undefined, freshIp())).challenge), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // The passkey's own count is used up too, from any address.
    expect((await verify(auth.assert((await challengeFor(undefined, freshIp())).challenge), freshIp())).status).toBe(429);
  });

  it("a success forgives the passkey's earlier failures", async () => {
    const u = await makeUser({ username: "pk_forgive" });
    const { auth } = await addPasskey(u);
    const fail = async () => (await verify(auth.assert((await challengeFor()).challenge, { origin: "https://evil.example" }))).status;
    for (let i = 0; i < 5; i++) expect(await fail()).toBe(401);
    expect((await verify(auth.assert((await challengeFor()).challenge))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect(await fail()).toBe(401);
    expect((await verify(auth.assert((await challengeFor()).challenge))).status).toBe(200);
  });

  it("anonymous sign-in options are limited per address (each stores a challenge)", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await call(signInOptions, "/api/auth/passkey/options", { method: "POST", headers: peerHeaders(ip) })).status;
    expect(last).toBe(429);
  });

  it("a deleted member's passkeys go with the account; a suspended member signs in as with a password (read only)", async () => {
    const d = await makeUser({ username: "pk_deleted", password: "right-password" });
    const { auth } = await addPasskey(d);
    await deleteMyAccount({ id: d.id }, { password: "right-password", content: "keep", ip: freshIp() });
    expect(await db.select().from(userPasskeys).where(eq(userPasskeys.userId, d.id))).toEqual([]);
    expect((await verify(auth.assert((await challengeFor()).challenge))).status).toBe(401);

    const s = await makeUser({ username: "pk_suspended", password: "right-password" });
    const { auth: sKey } = await addPasskey(s);
    await db
      .update(users)
      .set({ suspendedUntil: sql`now() + interval '1 day'` })
      .where(eq(users.id, s.id));
    const pw = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: "pk_suspended", password: "right-password" },
    });
    const pk = await verify(sKey.assert((await challengeFor()).challenge));
    expect(pk.status).toBe(pw.status);
    expect(pk.status).toBe(200);
    // Writes stay refused while the suspension runs.
    const opts = await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: pk.body.token });
    expect(opts.status).toBe(403);
    expect(opts.body.code).toBe("suspended");
    // Silenced (a suspension without an end, issue 58): the same.
    await db.update(users).set({ suspendedUntil: SILENCE_UNTIL }).where(eq(users.id, s.id));
    const silenced = await verify(sKey.assert((await challengeFor()).challenge));
    expect(silenced.status).toBe(200);
    expect((await call(me, "/api/users/me", { token: silenced.body.token })).status).toBe(200);
    const write = await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: silenced.body.token });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe("suspended");
  });
});

describe("outside probes", () => {
  it("anonymous callers get 401 on every /api/users/me/passkeys endpoint", async () => {
    expect((await call(list, "/api/users/me/passkeys")).status).toBe(401);
    expect((await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST" })).status).toBe(401);
    expect((await call(register, "/api/users/me/passkeys", { body: { response: {} } })).status).toBe(401);
    expect((await call(rename, "/api/users/me/passkeys/1", { method: "PUT", params: { id: "1" }, body: { name: "x" } })).status).toBe(401);
    expect((await call(remove, "/api/users/me/passkeys/1", { method: "DELETE", params: { id: "1" } })).status).toBe(401);
  });

  it("another member and staff cannot see, rename or remove a member's passkey (404), nor use their challenge", async () => {
    const owner = await makeUser({ username: "pk_probe_owner" });
    const other = await makeUser({ username: "pk_probe_other" });
    const admin = await makeUser({ username: "pk_probe_admin", role: "ADMIN" });
    const mod = await makeUser({ username: "pk_probe_mod", role: "MODERATOR" });
    const { passkey } = await addPasskey(owner, "Mine");
    const id = String(passkey.id);
    for (const who of [other, admin, mod]) {
      expect((await call(list, "/api/users/me/passkeys", { token: who.token })).body).toEqual([]);
      const rn = await call(rename, `/api/users/me/passkeys/${id}`, {
        method: "PUT",
        token: who.token,
        params: { id },
        body: { name: "Theirs" },
      });
      expect(rn.status).toBe(404);
      expect(rn.body.code).toBe("not_found");
      const rm = await call(remove, `/api/users/me/passkeys/${id}`, { method: "DELETE", token: who.token, params: { id } });
      expect(rm.status).toBe(404);
    }
    const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.id, passkey.id));
    expect(row!.name).toBe("Mine");
    // A registration challenge of the owner's is nobody else's.
    const ch = (await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: owner.token })).body.challenge;
    for (const who of [admin, other]) {
      const r = await call(register, "/api/users/me/passkeys", {
        token: who.token,
        body: { response: new Authenticator(who.id).attest(ch) },
      });
      expect(r.status).toBe(400);
    }
  });

  it("a read-only token cannot add, rename or remove (403); a cookie write from another origin is refused; a same-origin cookie works", async () => {
    const u = await makeUser({ username: "pk_readonly", scopes: ["read"] });
    expect((await call(list, "/api/users/me/passkeys", { token: u.token })).status).toBe(200);
    expect((await call(registerOptions, "/api/users/me/passkeys/options", { method: "POST", token: u.token })).status).toBe(403);
    expect((await call(register, "/api/users/me/passkeys", { token: u.token, body: { response: {} } })).status).toBe(403);
    expect(
      (await call(rename, "/api/users/me/passkeys/1", { method: "PUT", token: u.token, params: { id: "1" }, body: { name: "x" } })).status,
    ).toBe(403);
    expect((await call(remove, "/api/users/me/passkeys/1", { method: "DELETE", token: u.token, params: { id: "1" } })).status).toBe(403);
    const { cookie } = await sessionCookie(u.id);
    const cross = await call(registerOptions, "/api/users/me/passkeys/options", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    const same = await call(registerOptions, "/api/users/me/passkeys/options", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(same.status).toBe(200);
  });

  it("the sign-in endpoints take no member: a bad body is 400, not 500", async () => {
    const r = await call(signInVerify, "/api/auth/passkey/verify", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { response: { id: "a" } },
    });
    expect(r.status).toBe(400);
    const bad = await call(signInOptions, "/api/auth/passkey/options", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: 5 },
    });
    expect(bad.status).toBe(400);
  });
});
