import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { escapeHtml } from "@/lib/mail/render";
import type { Footer, RenderedMail } from "@/lib/mail/templates";

/** The mail to each admin when a scheduled backup failed (queued by runScheduledBackup, kind "backup-failed"). */
export function backupFailedMail(p: { username: string; error: string; link: string; footer: Footer; locale: Locale }): RenderedMail {
  const zh = p.locale.startsWith("zh");
  const subject = zh ? `${p.footer.site}：定时备份失败` : `${p.footer.site}: the scheduled backup failed`;
  const lead = zh
    ? `${p.username}，你好：今天的定时备份没有完成。原因：`
    : `Hello ${p.username}, the forum's scheduled backup did not complete. The reason:`;
  const next = zh ? "在备份页面可以查看详情并立即重新备份：" : "See the details and back up again on the backups page:";
  const text = `${lead}\n\n${p.error}\n\n${next} ${p.link}\n\n-- \n${p.footer.site} ${p.footer.siteUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(lead)}</p><pre style="white-space:pre-wrap;background:#f4f4f5;padding:8px;border-radius:6px">${escapeHtml(p.error)}</pre>
<p>${escapeHtml(next)} <a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>
<p style="color:#71717a;font-size:12px">${escapeHtml(p.footer.site)} · <a href="${escapeHtml(p.footer.siteUrl)}">${escapeHtml(p.footer.siteUrl)}</a></p>
</body></html>`;
  return { subject, html, text };
}
