import { desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, bannerDismissals, legalPageRevisions, siteIdentity, termsAcceptances, uploads } from "@/db/schema";
import { GET as adminConfig, PUT as putAdminConfig } from "@/app/api/admin/config/route";
import { DELETE as clearImage, POST as uploadImage } from "@/app/api/admin/config/images/[kind]/route";
import { GET as publicConfig } from "@/app/api/config/route";
import { GET as rss } from "@/app/api/rss/route";
import { GET as manifest } from "@/app/manifest.webmanifest/route";
import { GET as legal } from "@/app/api/legal/[slug]/route";
import { GET as legalHistory } from "@/app/api/legal/[slug]/history/route";
import { PUT as putLegal } from "@/app/api/admin/legal/[slug]/route";
import { GET as termsState, POST as acceptTerms } from "@/app/api/users/me/terms/route";
import { GET as siteState } from "@/app/api/users/me/site-state/route";
import { POST as dismiss } from "@/app/api/users/me/banner-dismissals/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as createPost } from "@/app/api/posts/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { drainOutbox, outboxIdle } from "@/lib/jobs/mail-drain";
import { accentPalette, accentProblem, contrast } from "@/lib/site-accent";
import { siteConfigSchema } from "@/lib/validation/responses";
import { publicConfigSchema } from "@/lib/validation/openisle/site";
import { errorSchema } from "@/lib/validation/responses";
import { legalHistorySchema, legalPageSchema, termsStateSchema } from "@/lib/validation/site";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";
import { TestSmtp } from "./mail-helpers";

/** Issue 61: the site's identity through GET/PUT /api/admin/config, and where it shows (mail, RSS, manifest, public config). */

const smtp = new TestSmtp();
let admin: TestUser;
let member: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  await smtp.start();
  admin = await makeUser({ role: "ADMIN" });
  moderator = await makeUser({ role: "MODERATOR" });
  member = await makeUser();
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});

const put = (body: unknown, token = admin.token) => call(putAdminConfig, "/api/admin/config", { method: "PUT", token, body });

describe("accent contrast", () => {
  it("passes the built-in sky-700 and refuses colours that fail AA in either theme", () => {
    expect(accentProblem("#0369a1")).toBeNull();
    expect(accentProblem("#38bdf8")).toMatchObject({ theme: "light", needed: 4.5 });
    expect(accentProblem("#1e1b4b")).toMatchObject({ theme: "dark", needed: 3 });
    // The derived palette keeps AA: the dark theme's text colour has 4.5:1 on the dark page.
    const p = accentPalette("#7c3aed");
    expect(contrast(p.dark["--color-sky-400"]!, "#09090b")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.light["--color-sky-700"]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("GET/PUT /api/admin/config: identity", () => {
  it("starts from the defaults, and only an admin reads or changes it", async () => {
    const r = await call(adminConfig, "/api/admin/config", { token: admin.token });
    expect(r.status).toBe(200);
    const c = siteConfigSchema.parse(r.body);
    expect(c).toMatchObject({
      siteName: null,
      siteDescription: null,
      accentColor: null,
      defaultLanguage: "en",
      links: [],
      bannerMarkdown: null,
    });
    expect((await call(adminConfig, "/api/admin/config", { token: moderator.token })).status).toBe(403);
    expect((await put({ siteName: "Nope" }, member.token)).status).toBe(403);
    expect((await call(publicConfig, "/api/config")).body).toMatchObject({ siteName: "Forum", accentColor: null, termsVersion: 0 });
  });

  it("refuses a low-contrast accent with a 400 naming accentColor, and changes nothing else of the request", async () => {
    for (const colour of ["#7dd3fc", "#000000"]) {
      const r = await put({ siteName: "Should not be saved", accentColor: colour });
      expect(r.status).toBe(400);
      expect(errorSchema.parse(r.body)).toMatchObject({ field: "accentColor" });
    }
    expect((await put({ accentColor: "blue" })).body).toMatchObject({ field: "accentColor" });
    expect((await put({ contactEmail: "not-an-address" })).body).toMatchObject({ field: "contactEmail" });
    const [row] = await db.select().from(siteIdentity);
    expect(row?.siteName ?? null).toBeNull();
  });

  it("saves name, description, colour, language and contact, audits them, and GET /api/config shows the public ones", async () => {
    const r = await put({
      siteName: "  Gardeners' Corner ",
      siteDescription: "Soil, seeds and patience",
      accentColor: "#15803D",
      defaultLanguage: "zh-CN",
      contactEmail: "hello@garden.test",
      links: [{ label: "Shop", url: "https://shop.garden.test", place: "header" }],
    });
    expect(r.status).toBe(200);
    expect(siteConfigSchema.parse(r.body)).toMatchObject({
      siteName: "Gardeners' Corner",
      accentColor: "#15803d",
      defaultLanguage: "zh-CN",
      contactEmail: "hello@garden.test",
      // The moderation settings are still part of the document.
      publishMode: "DIRECT",
    });
    const pub = publicConfigSchema.parse((await call(publicConfig, "/api/config")).body);
    expect(pub).toMatchObject({
      siteName: "Gardeners' Corner",
      siteDescription: "Soil, seeds and patience",
      accentColor: "#15803d",
      defaultLanguage: "zh-CN",
    });
    const [a] = await db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update")).orderBy(desc(auditLogs.id)).limit(1);
    expect(a).toMatchObject({ actorId: admin.id, targetType: "site-settings" });
    expect(a!.after).toMatchObject({ siteName: "Gardeners' Corner", accentColor: "#15803d" });
    // At most five links.
    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: `/l${i}`, place: "footer" }));
    expect((await put({ links: six })).body).toMatchObject({ field: "links" });
    expect((await put({ links: [{ label: "x", url: "javascript:alert(1)", place: "footer" }] })).status).toBe(400);
  });

  it("names the site in the RSS feed and the manifest", async () => {
    const category = await makeCategory();
    const tag = await makeTag();
    expect(
      (
        await call(createPost, "/api/posts", {
          token: member.token,
          body: { title: "Tomatoes", content: "Red", categoryId: category.id, tagIds: [tag.id] },
        })
      ).status,
    ).toBe(201);
    const feed = await call(rss, "/api/rss");
    expect(feed.status).toBe(200);
    expect(feed.text).toContain("<title>Gardeners&apos; Corner: latest posts</title>");
    expect(feed.text).not.toContain("Forum:");
    const m = await call(manifest, "/manifest.webmanifest");
    expect(m.headers.get("content-type")).toContain("application/manifest+json");
    expect(m.body).toMatchObject({
      name: "Gardeners' Corner",
      description: "Soil, seeds and patience",
      theme_color: "#15803d",
      lang: "zh-CN",
    });
    expect(m.body.icons).toEqual([{ src: "/icon.svg", sizes: "any", type: "image/svg+xml" }]);
  });

  it("names the site in a mail's subject and body", async () => {
    smtp.received = [];
    const r = await call(register, "/api/auth/register", {
      method: "POST",
      headers: peerHeaders("198.51.100.61"),
      body: { username: "newgardener", email: "newgardener@example.test", password: "long-enough-1" },
    });
    expect(r.status).toBe(201);
    await drainOutbox();
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toContain("Gardeners' Corner");
    expect(mail.text).toContain("Gardeners' Corner");
    expect(mail.subject).not.toContain("Forum");
  });

  it("makes the icon's sizes with sharp, shows them in the manifest, and refuses what the upload checks refuse", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: "#15803d" } })
      .png()
      .toBuffer();
    const r = await call(uploadImage, "/api/admin/config/images/icon", {
      token: admin.token,
      params: { kind: "icon" },
      body: { file: `data:image/png;base64,${png.toString("base64")}` },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.iconUrls).sort()).toEqual(["180", "192", "32", "512"]);
    const rows = await db
      .select({ url: uploads.url, width: uploads.width, height: uploads.height })
      .from(uploads)
      .where(inArray(uploads.url, Object.values(r.body.iconUrls as Record<string, string>)));
    expect(rows.map((x) => `${x.width}x${x.height}`).sort()).toEqual(["180x180", "192x192", "32x32", "512x512"]);
    const m = await call(manifest, "/manifest.webmanifest");
    expect(m.body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512"]);

    const logo = await call(uploadImage, "/api/admin/config/images/logo-light", {
      token: admin.token,
      params: { kind: "logo-light" },
      body: { file: `data:image/png;base64,${png.toString("base64")}` },
    });
    expect(logo.status).toBe(200);
    expect(logo.body.logoLightUrl).toBeTruthy();
    // Not an image: 415, as POST /api/upload answers; an unknown kind is a 404; a member is refused.
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64");
    expect(
      (await call(uploadImage, "/api/admin/config/images/icon", { token: admin.token, params: { kind: "icon" }, body: { file: text } }))
        .status,
    ).toBe(415);
    expect(
      (await call(uploadImage, "/api/admin/config/images/banner", { token: admin.token, params: { kind: "banner" }, body: { file: text } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(uploadImage, "/api/admin/config/images/icon", {
          token: member.token,
          params: { kind: "icon" },
          body: { file: png.toString("base64") },
        })
      ).status,
    ).toBe(403);
    const cleared = await call(clearImage, "/api/admin/config/images/logo-light", {
      method: "DELETE",
      token: admin.token,
      params: { kind: "logo-light" },
    });
    expect(cleared.body.logoLightUrl).toBeNull();
  });
});

describe("legal pages and terms", () => {
  it("serves the built-in text as version 0, in the site's name", async () => {
    const r = await call(legal, "/api/legal/terms", { params: { slug: "terms" } });
    expect(r.status).toBe(200);
    expect(legalPageSchema.parse(r.body)).toMatchObject({ version: 0, updatedAt: null });
    expect(r.body.markdown).toContain("Gardeners' Corner");
    expect((await call(legal, "/api/legal/cookies", { params: { slug: "cookies" } })).status).toBe(404);
  });

  it("a new terms version asks members to accept it; sign-up records the version in force", async () => {
    // Accepted at sign-up (the built-in terms, version 0): nothing to accept yet.
    const [signedUp] = await db.select().from(termsAcceptances);
    expect(signedUp).toMatchObject({ version: 0 });
    expect(termsStateSchema.parse((await call(termsState, "/api/users/me/terms", { token: member.token })).body)).toMatchObject({
      version: 0,
      mustAccept: false,
    });

    expect(
      (
        await call(putLegal, "/api/admin/legal/terms", {
          method: "PUT",
          token: member.token,
          params: { slug: "terms" },
          body: { markdown: "# T" },
        })
      ).status,
    ).toBe(403);
    const v1 = await call(putLegal, "/api/admin/legal/terms", {
      method: "PUT",
      token: admin.token,
      params: { slug: "terms" },
      body: { markdown: "# Terms\n\nBe nice." },
    });
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ version: 1 });
    expect(v1.body.html).toContain("<h1");
    expect((await call(publicConfig, "/api/config")).body.termsVersion).toBe(1);

    expect((await call(termsState, "/api/users/me/terms", { token: member.token })).body).toMatchObject({
      version: 1,
      acceptedVersion: null,
      mustAccept: true,
    });
    expect((await call(siteState, "/api/users/me/site-state", { token: member.token })).body.terms.mustAccept).toBe(true);

    const v2 = await call(putLegal, "/api/admin/legal/terms", {
      method: "PUT",
      token: admin.token,
      params: { slug: "terms" },
      body: { markdown: "# Terms\n\nBe kind." },
    });
    expect(v2.body.version).toBe(2);
    // Accepting the version read before the new one was published: 409; an unknown one: 400.
    expect((await call(acceptTerms, "/api/users/me/terms", { token: member.token, body: { version: 1 } })).status).toBe(409);
    expect((await call(acceptTerms, "/api/users/me/terms", { token: member.token, body: { version: 7 } })).body).toMatchObject({
      field: "version",
    });
    const ok = await call(acceptTerms, "/api/users/me/terms", { token: member.token, body: { version: 2 } });
    expect(ok.body).toMatchObject({ version: 2, acceptedVersion: 2, mustAccept: false });
    const [row] = await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, member.id));
    expect(row?.version).toBe(2);

    // The history: both versions and the built-in text.
    const h = legalHistorySchema.parse((await call(legalHistory, "/api/legal/terms/history", { params: { slug: "terms" } })).body);
    expect(h.revisions.map((r) => r.version)).toEqual([2, 1, 0]);
    expect(h.revisions[0]!.author).toBe(admin.username);
    expect(await db.select().from(legalPageRevisions)).toHaveLength(2);
    // An unchanged text publishes nothing.
    const same = await call(putLegal, "/api/admin/legal/terms", {
      method: "PUT",
      token: admin.token,
      params: { slug: "terms" },
      body: { markdown: "# Terms\n\nBe kind." },
    });
    expect(same.body.version).toBe(2);
  });
});

describe("the banner", () => {
  it("is dismissed per member and per version", async () => {
    expect((await put({ bannerMarkdown: "**Spring meet-up** on Saturday", bannerAudience: "MEMBERS" })).status).toBe(200);
    expect((await call(siteState, "/api/users/me/site-state", { token: member.token })).body.bannerDismissed).toBe(false);
    const [row] = await db.select().from(siteIdentity);
    expect(row).toMatchObject({ bannerVersion: 1, bannerAudience: "MEMBERS" });
    expect(row!.bannerHtml).toContain("<strong>Spring meet-up</strong>");
    expect((await call(dismiss, "/api/users/me/banner-dismissals", { token: member.token, body: { version: 3 } })).body).toMatchObject({
      field: "version",
    });
    expect((await call(dismiss, "/api/users/me/banner-dismissals", { token: member.token, body: { version: 1 } })).status).toBe(200);
    expect((await call(siteState, "/api/users/me/site-state", { token: member.token })).body.bannerDismissed).toBe(true);
    expect((await call(siteState, "/api/users/me/site-state", { token: moderator.token })).body.bannerDismissed).toBe(false);
    await put({ bannerMarkdown: "Meet-up moved to Sunday" });
    expect((await call(siteState, "/api/users/me/site-state", { token: member.token })).body.bannerDismissed).toBe(false);
    expect(await db.select().from(bannerDismissals)).toHaveLength(1);
  });
});
