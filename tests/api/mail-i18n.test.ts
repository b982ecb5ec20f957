import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, posts, users } from "@/db/schema";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as forgot } from "@/app/api/auth/forgot/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { drainOutbox, outboxIdle, processReplyMail } from "@/lib/jobs/mail-drain";
import { authResultSchema } from "@/lib/validation/auth";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";
import { linkIn, TestSmtp } from "./mail-helpers";

/**
 * Mail in the recipient's language: a member who saved zh-CN (users.locale) gets subject
 * and body in Chinese, through a real SMTP server; everyone else the same English as before.
 */

const smtp = new TestSmtp();
let category: number;
let ip = 0;
beforeAll(async () => {
  process.env.MAIL_AWAY_MINUTES = "10";
  await smtp.start();
  category = (await makeCategory()).id;
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(async () => {
  smtp.received = [];
  await db.execute(sql`delete from mail_outbox`);
});

const saveLocale = (id: number, locale: "zh-CN" | "en" | null) => db.update(users).set({ locale }).where(eq(users.id, id));

async function signUp(username: string) {
  const r = await call(register, "/api/auth/register", {
    method: "POST",
    headers: peerHeaders(`198.51.100.${++ip}`),
    body: { username, email: `${username}@example.test`, password: "first-password" },
  });
  expect(r.status).toBe(201);
  return authResultSchema.parse(r.body);
}

describe("mail in the member's saved language", () => {
  it("sends the verification mail in Chinese to a member who chose zh-CN, in English to one who did not", async () => {
    const zh = await signUp("zhongwen");
    await signUp("english");
    await saveLocale(zh.user.id, "zh-CN");
    expect(await drainOutbox()).toMatchObject({ sent: 2 });

    const [cn] = smtp.to("zhongwen@example.test");
    expect(cn!.subject).toMatch(/^你的 Forum 验证码：\d{6}$/);
    const code = /(\d{6})/.exec(cn!.subject)![1]!;
    expect(cn!.text).toContain(`zhongwen，你好：`);
    expect(cn!.text).toContain(`请用以下验证码确认这个邮箱地址属于你：${code}`);
    expect(cn!.text).toContain("验证码 24 小时内有效。");
    expect(cn!.text).toContain("退订：");
    expect(cn!.html).toContain('<html lang="zh-CN">');
    expect(cn!.html).toContain("验证我的邮箱");
    expect(linkIn(cn!, "/verify").searchParams.get("code")).toBe(code);

    const [english] = smtp.to("english@example.test");
    expect(english!.subject).toMatch(/^Your Forum verification code: \d{6}$/);
    expect(english!.text).toContain("Hello english,\n\nConfirm that this address is yours with this code: ");
    expect(english!.html).toContain('<html lang="en">');
  });

  it("sends the password reset mail in the account's language", async () => {
    const u = await makeUser({ username: "resetzh" });
    await saveLocale(u.id, "zh-CN");
    const r = await call(forgot, "/api/auth/forgot", {
      method: "POST",
      headers: peerHeaders("198.51.100.200"),
      body: { email: "resetzh@example.test" },
    });
    expect(r.status).toBeLessThan(300);
    await drainOutbox();
    const [m] = smtp.to("resetzh@example.test");
    expect(m!.subject).toBe("重置你的 Forum 密码");
    expect(m!.text).toContain("有人（希望是你本人）申请重置你账号的密码。");
    expect(linkIn(m!, "/reset-password").searchParams.get("token")).toBeTruthy();
  });

  it("sends reply mail in Chinese to an away member who chose zh-CN", async () => {
    const [away, replier] = [await makeUser(), await makeUser()];
    await saveLocale(away.id, "zh-CN");
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(apiTokens.userId, away.id));
    const [p] = await db
      .insert(posts)
      .values({ title: "离开的帖子", content: "你怎么看？", authorId: away.id, categoryId: category })
      .returning();
    const r = await call(postComment, `/api/posts/${p!.id}/comments`, {
      token: replier.token,
      body: { content: "Good **question**, here is my answer." },
      params: { id: String(p!.id) },
    });
    expect(r.status).toBe(201);
    await processReplyMail();
    await drainOutbox();
    const mails = smtp.to(address(away));
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toBe(`[Forum] ${replier.username} 在“离开的帖子”中回复了你`);
    expect(m.text).toContain(`${away.username}，你好：`);
    expect(m.text).toContain("Good question, here is my answer.");
    expect(m.text).toContain("打开讨论：");
    expect(m.html).toContain("打开讨论");
    expect(m.html).toContain("你收到这封邮件，是因为你在 Forum 有一个账号。");
    expect(linkIn(m, "/posts/").pathname).toBe(`/posts/${p!.id}`);
  });
});

function address(u: TestUser) {
  return `${u.username.toLowerCase()}@example.test`;
}
