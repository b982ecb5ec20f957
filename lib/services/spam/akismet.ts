// Optional Akismet check (AKISMET_KEY; AKISMET_URL for a stand-in endpoint in tests).
import "server-only";
import { env } from "@/lib/env";

/**
 * Akismet's comment-check: true when it answers "true" (spam). Any failure (network, timeout, another
 * answer) lets the write through: a spam service that is down must not stop the forum.
 */
export async function akismetSaysSpam(c: { content: string; author: string; email: string; type: string }): Promise<boolean> {
  const e = env();
  if (!e.AKISMET_KEY) return false;
  const body = new URLSearchParams({
    api_key: e.AKISMET_KEY,
    blog: e.PUBLIC_URL ?? "http://localhost",
    user_ip: "127.0.0.1",
    comment_type: c.type,
    comment_author: c.author,
    comment_author_email: c.email,
    comment_content: c.content.slice(0, 20_000),
  });
  try {
    const res = await fetch(`${e.AKISMET_URL.replace(/\/$/, "")}/1.1/comment-check`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(3_000),
    });
    return res.ok && (await res.text()).trim() === "true";
  } catch {
    return false;
  }
}
