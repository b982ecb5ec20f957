import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { axeLightAndDark } from "./pages/axe";
import { apiLogin, apiCreatePost, firstCategory, unique } from "./pages/api";
import { signIn } from "./pages/session";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/** Issue 61: an admin brands the site; the name, logo, icon and accent show on the home and post pages, the feed and the manifest. */

const DIR = "test-results/screens-61";
mkdirSync(DIR, { recursive: true });

test("an admin names and colours the site; pages, feed and manifest follow; the legal pages and settings pass axe", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, "admin");
  const auth = { authorization: `Bearer ${token}` };
  // A low-contrast colour is refused, naming the field.
  const bad = await request.put("/api/admin/config", { headers: auth, data: { accentColor: "#7dd3fc" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).field).toBe("accentColor");

  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await page.getByLabel("Site name").fill("Harbour Lights");
  await page.getByLabel("Description", { exact: true }).fill("Sailing, boats and the sea");
  await page.getByLabel("Accent colour", { exact: true }).fill("#7dd3fc");
  await expect(page.getByText(/Too light/)).toBeVisible();
  await page.getByLabel("Accent colour", { exact: true }).fill("#0f766e");
  await page.getByLabel("Announcement banner").fill("**Regatta** on Saturday");
  await page.getByRole("button", { name: "Save identity" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  // An icon and a logo, uploaded through the form.
  const png = await (await request.get("/og-image.png")).body().catch(() => null);
  if (png) {
    await page.getByLabel("Upload App icon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("image-icon").getByRole("img")).toBeVisible();
    await page.getByLabel("Upload Logo, light theme").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("image-logo-light").getByRole("img")).toBeVisible();
  }
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, DIR, `settings-${w.name}`, { fullPage: true });
  }
  expect(await axeLightAndDark(page, "/admin/settings")).toEqual([]);

  // A visitor's next page view says the new name, in the title, header and footer, in the accent.
  const visitor = await page.context().browser()!.newContext();
  const v = await visitor.newPage();
  await v.goto("/");
  await expect(v).toHaveTitle(/Harbour Lights/);
  await expect(v.getByTestId("site-name")).toHaveText("Harbour Lights");
  await expect(v.getByTestId("footer-site-name")).toHaveText("Harbour Lights");
  await expect(v.getByTestId("site-banner")).toContainText("Regatta");
  expect(await v.locator("style[data-accent]").textContent()).toContain("--color-sky-700:#0f766e");
  const html = await (await request.get("/")).text();
  expect(html).toContain("Harbour Lights");
  expect(html).toContain('rel="manifest"');
  for (const w of WIDTHS) {
    await v.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(v, DIR, `home-${w.name}`);
  }
  expect(await axeLightAndDark(v, "/ branded")).toEqual([]);
  // A post page.
  const cat = await firstCategory(request);
  const post = await apiCreatePost(request, token, { title: unique("Knots"), content: "Bowline", categoryId: cat.id });
  await v.goto(`/posts/${post.id}`);
  await expect(v).toHaveTitle(new RegExp(`${post.title}.*Harbour Lights`));
  // The feed and the manifest.
  expect(await (await request.get("/api/rss")).text()).toContain("<title>Harbour Lights: latest posts</title>");
  const m = await (await request.get("/manifest.webmanifest")).json();
  expect(m).toMatchObject({ name: "Harbour Lights", theme_color: "#0f766e" });
  // The legal pages, linked from the footer.
  for (const slug of ["about", "terms", "privacy", "guidelines"]) {
    await v.goto("/");
    await v
      .getByRole("contentinfo")
      .getByRole("link", { name: { about: "About", terms: "Terms", privacy: "Privacy", guidelines: "Guidelines" }[slug]! })
      .click();
    await expect(v).toHaveURL(new RegExp(`/${slug}$`));
    await expect(v.getByTestId(`legal-${slug}`)).toBeVisible();
    for (const w of WIDTHS) {
      await v.setViewportSize({ width: w.width, height: w.height });
      await shootLightAndDark(v, DIR, `legal-${slug}-${w.name}`, { fullPage: true });
    }
    expect(await axeLightAndDark(v, `/${slug}`)).toEqual([]);
  }
  await visitor.close();
});

test("a new terms version asks a member to accept it on their next visit", async ({ page, request }) => {
  const token = await apiLogin(request, "admin");
  const r = await request.put("/api/admin/legal/terms", {
    headers: { authorization: `Bearer ${token}` },
    data: { markdown: `# Terms\n\n${unique("Be kind")}` },
  });
  expect(r.status()).toBe(200);
  await signIn(page, "alice");
  const prompt = page.getByTestId("terms-prompt");
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "I accept" }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("terms-prompt")).toBeHidden();
});
