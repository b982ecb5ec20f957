import type { ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";
import { serverText, type MessageValues } from "@/lib/i18n/server-text";
import { renderToStaticMarkup } from "@/lib/mail/render";
import { untilInWords } from "@/lib/human-time";

/**
 * Mail templates as React components: each one gives a subject, the HTML body (rendered with
 * lib/mail/render.ts, inline styles only, since mail clients drop style sheets) and a plain-text part.
 * Every sentence comes from the `Mail` namespace of messages/<locale>/server.json, in the recipient's
 * language (`locale`: their saved users.locale, else English; lib/jobs/mail-drain.ts).
 */

export type Footer = { site: string; siteUrl: string; settingsUrl: string; unsubscribeUrl: string };
export type RenderedMail = { subject: string; html: string; text: string };

type T = (key: string, values?: MessageValues) => string;
/** The `Mail` texts of one language. */
export const mailTexts =
  (locale: Locale = DEFAULT_LOCALE): T =>
  (key, values) =>
    serverText(locale, `Mail.${key}`, values);

const colors = { text: "#18181b", muted: "#52525b", link: "#0369a1", border: "#e4e4e7", button: "#0369a1" };

function Layout({ title, footer, t, lang, children }: { title: string; footer: Footer; t: T; lang: Locale; children: ReactNode }) {
  return (
    <html lang={lang}>
      {/* A mail document, not a Next.js page: next/head does not apply here. */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: "24px 12px",
          background: "#f4f4f5",
          fontFamily: "system-ui, -apple-system, Segoe UI, sans-serif",
          color: colors.text,
        }}
      >
        <div
          style={{
            maxWidth: 560,
            margin: "0 auto",
            background: "#ffffff",
            border: `1px solid ${colors.border}`,
            borderRadius: 8,
            padding: 24,
          }}
        >
          <p style={{ margin: "0 0 16px", fontWeight: 700, fontSize: 18 }}>
            <a href={footer.siteUrl} style={{ color: colors.text, textDecoration: "none" }}>
              {footer.site}
            </a>
          </p>
          {children}
        </div>
        <p style={{ maxWidth: 560, margin: "12px auto 0", fontSize: 12, color: colors.muted, lineHeight: 1.5 }}>
          {t("footer.why", { site: footer.site })}{" "}
          <a href={footer.settingsUrl} style={{ color: colors.link }}>
            {t("footer.settings")}
          </a>{" "}
          ·{" "}
          <a href={footer.unsubscribeUrl} style={{ color: colors.link }}>
            {t("footer.unsubscribe")}
          </a>
        </p>
      </body>
    </html>
  );
}

function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          background: colors.button,
          color: "#ffffff",
          padding: "10px 18px",
          borderRadius: 6,
          textDecoration: "none",
          fontWeight: 600,
        }}
      >
        {children}
      </a>
    </p>
  );
}

const P = ({ children }: { children: ReactNode }) => <p style={{ margin: "0 0 12px", lineHeight: 1.5 }}>{children}</p>;

function html(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

const textFooter = (f: Footer, t: T) =>
  `\n\n--\n${t("footer.why", { site: f.site })}\n${t("labelled", { label: t("footer.settings"), value: f.settingsUrl })}\n${t("labelled", { label: t("footer.unsubscribe"), value: f.unsubscribeUrl })}\n`;

export function verifyMail(p: { username: string; code: string; link: string; footer: Footer; locale?: Locale }): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("verify.subject", { site: p.footer.site, code: p.code });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{t("verify.intro")}</P>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700, margin: "8px 0 16px" }} data-code={p.code}>
          {p.code}
        </p>
        <Button href={p.link}>{t("verify.button")}</Button>
        <P>{t("verify.validity")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("verify.introText", { code: p.code })}\n\n${t("labelled", { label: t("orOpen"), value: p.link })}\n\n${t("verify.validity")}${textFooter(p.footer, t)}`,
  };
}

export function resetMail(p: { username: string; link: string; footer: Footer; locale?: Locale }): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("reset.subject", { site: p.footer.site });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{t("reset.intro")}</P>
        <Button href={p.link}>{t("reset.button")}</Button>
        <P>{t("reset.validity")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("reset.intro")}\n${p.link}\n\n${t("reset.validity")}${textFooter(p.footer, t)}`,
  };
}

export type ActivityItem = {
  kind: "reply" | "mention" | "watched" | "followed";
  from: string;
  postTitle: string;
  excerpt: string;
  link: string;
  /** "watched": the category or tag the member watches that the post is in ("Cooking", "#baking"). */
  where?: string | null;
};

const headline = (i: ActivityItem, t: T) =>
  i.kind === "mention"
    ? t("activity.mention", { from: i.from, title: i.postTitle })
    : i.kind === "watched"
      ? i.where
        ? t("activity.watchedIn", { from: i.from, title: i.postTitle, where: i.where })
        : t("activity.watched", { from: i.from, title: i.postTitle })
      : i.kind === "followed"
        ? t("activity.followed", { from: i.from, title: i.postTitle })
        : t("activity.reply", { from: i.from, title: i.postTitle });

function Item({ item, t }: { item: ActivityItem; t: T }) {
  return (
    <div style={{ borderLeft: `3px solid ${colors.border}`, padding: "4px 0 4px 12px", margin: "0 0 16px" }}>
      <p style={{ margin: "0 0 6px", fontWeight: 600 }}>{headline(item, t)}</p>
      <p style={{ margin: "0 0 6px", color: colors.muted, lineHeight: 1.5, whiteSpace: "pre-wrap" }}>{item.excerpt}</p>
      <a href={item.link} style={{ color: colors.link }}>
        {t("activity.open")}
      </a>
    </div>
  );
}

export function activityMail(p: { username: string; item: ActivityItem; footer: Footer; locale?: Locale }): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = `[${p.footer.site}] ${headline(p.item, t)}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <Item item={p.item} t={t} />
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("withColon", { text: headline(p.item, t) })}\n\n${p.item.excerpt}\n\n${t("labelled", { label: t("activity.open"), value: p.item.link })}${textFooter(p.footer, t)}`,
  };
}

export function digestMail(p: {
  username: string;
  period: "daily" | "weekly";
  items: ActivityItem[];
  more: number;
  inboxUrl: string;
  footer: Footer;
  locale?: Locale;
}): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const total = p.items.length + p.more;
  const subject = `[${p.footer.site}] ${t("digest.subject", { total, period: p.period })}`;
  const intro = t("digest.intro", { username: p.username, period: p.period });
  const more = t("digest.more", { more: p.more });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{intro}</P>
        {p.items.map((item, i) => (
          <Item key={i} item={item} t={t} />
        ))}
        {p.more > 0 ? <P>{more}</P> : null}
        <Button href={p.inboxUrl}>{t("digest.button")}</Button>
      </Layout>,
    ),
    text: `${intro}\n\n${p.items
      .map((i) => `* ${headline(i, t)}\n  ${i.excerpt.replace(/\n/g, "\n  ")}\n  ${i.link}`)
      .join(
        "\n\n",
      )}${p.more > 0 ? `\n\n${more}` : ""}\n\n${t("labelled", { label: t("digest.inbox"), value: p.inboxUrl })}${textFooter(p.footer, t)}`,
  };
}

/** Direct messages waiting for an away member: one mail per conversation until they read it (lib/services/messages/mail.ts). */
export function messageMail(p: {
  username: string;
  from: string[];
  unread: number;
  excerpt: string;
  link: string;
  footer: Footer;
  locale?: Locale;
}): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const [first = "", second = ""] = p.from;
  const who =
    p.from.length > 2 ? t("message.whoMany", { first, second }) : p.from.length === 2 ? t("message.whoTwo", { first, second }) : first;
  const subject = `[${p.footer.site}] ${t("message.subject", { unread: p.unread, who })}`;
  const wrote = t("message.wrote", { who, unread: p.unread > 1 ? p.unread : 0 });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{wrote}</P>
        <p style={{ margin: "0 0 12px", color: colors.muted, lineHeight: 1.5, whiteSpace: "pre-wrap" }}>{p.excerpt}</p>
        <Button href={p.link}>{t("message.button")}</Button>
        <P>{t("message.once")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${wrote}\n\n${p.excerpt}\n\n${t("labelled", { label: t("message.button"), value: p.link })}\n\n${t("message.once")}${textFooter(p.footer, t)}`,
  };
}

/** To the NEW address: the code that makes it the account's address (nothing changes without it). */
export function emailChangeMail(p: {
  username: string;
  newEmail: string;
  code: string;
  link: string;
  footer: Footer;
  locale?: Locale;
}): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("emailChange.subject", { site: p.footer.site, code: p.code });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{t("emailChange.intro", { email: p.newEmail })}</P>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700, margin: "8px 0 16px" }} data-code={p.code}>
          {p.code}
        </p>
        <Button href={p.link}>{t("emailChange.button")}</Button>
        <P>{t("emailChange.validity")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("emailChange.introText", { email: p.newEmail, code: p.code })}\n\n${t("labelled", { label: t("orOpen"), value: p.link })}\n\n${t("emailChange.validity")}${textFooter(p.footer, t)}`,
  };
}

/** To the OLD address, once the change is confirmed: what happened, and what to do if it was not them. */
export function emailChangedMail(p: {
  username: string;
  oldEmail: string;
  newEmail: string;
  resetUrl: string;
  footer: Footer;
  locale?: Locale;
}): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("emailChanged.subject", { site: p.footer.site });
  const changed = t("emailChanged.body", { oldEmail: p.oldEmail, newEmail: p.newEmail });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{changed}</P>
        <P>{t("emailChanged.warn")}</P>
        <Button href={p.resetUrl}>{t("emailChanged.button")}</Button>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${changed}\n\n${t("emailChanged.warnText", { url: p.resetUrl })}${textFooter(p.footer, t)}`,
  };
}

/** A member's data export is ready (lib/services/accounts/data-export.ts): the link leads to Settings → Your data. */
export function dataExportReadyMail(p: {
  username: string;
  link: string;
  expiresAt: string;
  footer: Footer;
  locale?: Locale;
}): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("dataExport.subject", { site: p.footer.site });
  const expires = t("dataExport.expires", { when: untilInWords(p.expiresAt, Date.now(), lang) });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{t("dataExport.intro")}</P>
        <Button href={p.link}>{t("dataExport.button")}</Button>
        <P>{expires}</P>
        <P>{t("dataExport.notYou")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("dataExport.intro")}\n${p.link}\n\n${expires}\n\n${t("dataExport.notYou")}${textFooter(p.footer, t)}`,
  };
}

/** The one-time code that deletes the account in place of the password (Settings → Account). */
export function deleteCodeMail(p: { username: string; code: string; link: string; footer: Footer; locale?: Locale }): RenderedMail {
  const lang = p.locale ?? DEFAULT_LOCALE;
  const t = mailTexts(lang);
  const subject = t("deleteCode.subject", { site: p.footer.site, code: p.code });
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer} t={t} lang={lang}>
        <P>{t("hello", { username: p.username })}</P>
        <P>{t("deleteCode.intro")}</P>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700, margin: "8px 0 16px" }} data-code={p.code}>
          {p.code}
        </p>
        <Button href={p.link}>{t("deleteCode.button")}</Button>
        <P>{t("deleteCode.validity")}</P>
      </Layout>,
    ),
    text: `${t("hello", { username: p.username })}\n\n${t("deleteCode.introText", { code: p.code })}\n\n${t("labelled", { label: t("orOpen"), value: p.link })}\n\n${t("deleteCode.validity")}${textFooter(p.footer, t)}`,
  };
}
