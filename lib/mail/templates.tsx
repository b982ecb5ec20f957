import type { ReactNode } from "react";
import { renderToStaticMarkup } from "@/lib/mail/render";

/**
 * Mail templates as React components: each one gives a subject, the HTML body (rendered with
 * lib/mail/render.ts, inline styles only, since mail clients drop style sheets) and a plain-text part.
 */

export type Footer = { site: string; siteUrl: string; settingsUrl: string; unsubscribeUrl: string };
export type RenderedMail = { subject: string; html: string; text: string };

const colors = { text: "#18181b", muted: "#52525b", link: "#0369a1", border: "#e4e4e7", button: "#0369a1" };

function Layout({ title, footer, children }: { title: string; footer: Footer; children: ReactNode }) {
  return (
    <html lang="en">
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
          You get this mail because you have an account on {footer.site}.{" "}
          <a href={footer.settingsUrl} style={{ color: colors.link }}>
            Email settings
          </a>{" "}
          ·{" "}
          <a href={footer.unsubscribeUrl} style={{ color: colors.link }}>
            Unsubscribe
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

const textFooter = (f: Footer) =>
  `\n\n--\nYou get this mail because you have an account on ${f.site}.\nEmail settings: ${f.settingsUrl}\nUnsubscribe: ${f.unsubscribeUrl}\n`;

export function verifyMail(p: { username: string; code: string; link: string; footer: Footer }): RenderedMail {
  const subject = `Your ${p.footer.site} verification code: ${p.code}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <P>Confirm that this address is yours with this code:</P>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700, margin: "8px 0 16px" }} data-code={p.code}>
          {p.code}
        </p>
        <Button href={p.link}>Verify my address</Button>
        <P>The code is valid for 24 hours. If you did not create this account, ignore this mail.</P>
      </Layout>,
    ),
    text: `Hello ${p.username},\n\nConfirm that this address is yours with this code: ${p.code}\n\nOr open: ${p.link}\n\nThe code is valid for 24 hours. If you did not create this account, ignore this mail.${textFooter(p.footer)}`,
  };
}

export function resetMail(p: { username: string; link: string; footer: Footer }): RenderedMail {
  const subject = `Reset your ${p.footer.site} password`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <P>Someone (hopefully you) asked to reset the password of your account. Choose a new one here:</P>
        <Button href={p.link}>Choose a new password</Button>
        <P>
          The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore
          this mail: your password stays as it is.
        </P>
      </Layout>,
    ),
    text: `Hello ${p.username},\n\nSomeone (hopefully you) asked to reset the password of your account. Choose a new one here:\n${p.link}\n\nThe link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.${textFooter(p.footer)}`,
  };
}

export type ActivityItem = {
  kind: "reply" | "mention" | "watched";
  from: string;
  postTitle: string;
  excerpt: string;
  link: string;
  /** "watched": the category or tag the member watches that the post is in ("Cooking", "#baking"). */
  where?: string | null;
};

const headline = (i: ActivityItem) =>
  i.kind === "mention"
    ? `${i.from} mentioned you in “${i.postTitle}”`
    : i.kind === "watched"
      ? `${i.from} posted “${i.postTitle}”${i.where ? ` in ${i.where}` : ""}`
      : `${i.from} replied in “${i.postTitle}”`;

function Item({ item }: { item: ActivityItem }) {
  return (
    <div style={{ borderLeft: `3px solid ${colors.border}`, padding: "4px 0 4px 12px", margin: "0 0 16px" }}>
      <p style={{ margin: "0 0 6px", fontWeight: 600 }}>{headline(item)}</p>
      <p style={{ margin: "0 0 6px", color: colors.muted, lineHeight: 1.5, whiteSpace: "pre-wrap" }}>{item.excerpt}</p>
      <a href={item.link} style={{ color: colors.link }}>
        Open the discussion
      </a>
    </div>
  );
}

export function activityMail(p: { username: string; item: ActivityItem; footer: Footer }): RenderedMail {
  const subject = `[${p.footer.site}] ${headline(p.item)}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <Item item={p.item} />
      </Layout>,
    ),
    text: `Hello ${p.username},\n\n${headline(p.item)}:\n\n${p.item.excerpt}\n\nOpen the discussion: ${p.item.link}${textFooter(p.footer)}`,
  };
}

export function digestMail(p: {
  username: string;
  period: "daily" | "weekly";
  items: ActivityItem[];
  more: number;
  inboxUrl: string;
  footer: Footer;
}): RenderedMail {
  const span = p.period === "daily" ? "day" : "week";
  const total = p.items.length + p.more;
  const subject = `[${p.footer.site}] ${total} ${total === 1 ? "reply" : "replies"} and mentions from the past ${span}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>
          Hello {p.username}, here is what you missed in the past {span}:
        </P>
        {p.items.map((item, i) => (
          <Item key={i} item={item} />
        ))}
        {p.more > 0 ? <P>…and {p.more} more.</P> : null}
        <Button href={p.inboxUrl}>Open your notifications</Button>
      </Layout>,
    ),
    text: `Hello ${p.username}, here is what you missed in the past ${span}:\n\n${p.items
      .map((i) => `* ${headline(i)}\n  ${i.excerpt.replace(/\n/g, "\n  ")}\n  ${i.link}`)
      .join("\n\n")}${p.more > 0 ? `\n\n…and ${p.more} more.` : ""}\n\nYour notifications: ${p.inboxUrl}${textFooter(p.footer)}`,
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
}): RenderedMail {
  const who = p.from.length > 2 ? `${p.from.slice(0, 2).join(", ")} and others` : p.from.join(" and ");
  const subject = `[${p.footer.site}] ${p.unread === 1 ? "A new message" : `${p.unread} new messages`} from ${who}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <P>
          {who} wrote to you{p.unread > 1 ? ` (${p.unread} unread messages)` : ""}:
        </P>
        <p style={{ margin: "0 0 12px", color: colors.muted, lineHeight: 1.5, whiteSpace: "pre-wrap" }}>{p.excerpt}</p>
        <Button href={p.link}>Open the conversation</Button>
        <P>You get one mail per conversation until you read it.</P>
      </Layout>,
    ),
    text: `Hello ${p.username},\n\n${who} wrote to you${p.unread > 1 ? ` (${p.unread} unread messages)` : ""}:\n\n${p.excerpt}\n\nOpen the conversation: ${p.link}\n\nYou get one mail per conversation until you read it.${textFooter(p.footer)}`,
  };
}

/** To the NEW address: the code that makes it the account's address (nothing changes without it). */
export function emailChangeMail(p: { username: string; newEmail: string; code: string; link: string; footer: Footer }): RenderedMail {
  const subject = `Confirm your new ${p.footer.site} address: ${p.code}`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <P>You asked to use {p.newEmail} for your account. Confirm it with this code:</P>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700, margin: "8px 0 16px" }} data-code={p.code}>
          {p.code}
        </p>
        <Button href={p.link}>Confirm my new address</Button>
        <P>
          The code is valid for 24 hours. Until you confirm, mail keeps going to your current address. If you did not ask for this, ignore
          this mail: nothing changes.
        </P>
      </Layout>,
    ),
    text: `Hello ${p.username},\n\nYou asked to use ${p.newEmail} for your account. Confirm it with this code: ${p.code}\n\nOr open: ${p.link}\n\nThe code is valid for 24 hours. Until you confirm, mail keeps going to your current address. If you did not ask for this, ignore this mail: nothing changes.${textFooter(p.footer)}`,
  };
}

/** To the OLD address, once the change is confirmed: what happened, and what to do if it was not them. */
export function emailChangedMail(p: {
  username: string;
  oldEmail: string;
  newEmail: string;
  resetUrl: string;
  footer: Footer;
}): RenderedMail {
  const subject = `Your ${p.footer.site} address was changed`;
  return {
    subject,
    html: html(
      <Layout title={subject} footer={p.footer}>
        <P>Hello {p.username},</P>
        <P>
          The address of your account was changed from {p.oldEmail} to {p.newEmail}. Mail from the forum now goes to the new address; this
          is the last one sent here.
        </P>
        <P>If you did not do this, someone may have your password: reset it now and tell the administrators.</P>
        <Button href={p.resetUrl}>Reset my password</Button>
      </Layout>,
    ),
    text: `Hello ${p.username},\n\nThe address of your account was changed from ${p.oldEmail} to ${p.newEmail}. Mail from the forum now goes to the new address; this is the last one sent here.\n\nIf you did not do this, someone may have your password: reset it now and tell the administrators: ${p.resetUrl}${textFooter(p.footer)}`,
  };
}
