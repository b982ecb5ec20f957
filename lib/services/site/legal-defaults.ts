import type { LegalSlug } from "@/db/schema/site";

/**
 * The text of each legal page until an admin writes one (version 0). Deliberately short and plain: a
 * starting point for the operator, not legal advice. `{site}` and `{contact}` are filled in when shown.
 */
export const LEGAL_DEFAULTS: Record<LegalSlug, string> = {
  about: `# About {site}

{site} is a community forum. Members start discussions, answer each other and keep the place friendly.

Questions about the site: {contact}.`,
  terms: `# Terms of service

By creating an account on {site} you agree to these terms.

- You are responsible for what you post. Do not post anything you have no right to share.
- Follow the [community guidelines](/guidelines). Staff may hide or remove content and suspend accounts that break them.
- You keep the rights to your posts, and allow {site} to show them on the site and in its feeds.
- The site is offered as it is, without warranty. These terms may change; you will be asked to accept a new version.

Contact: {contact}.`,
  privacy: `# Privacy policy

{site} stores what you give it: your username, email address, posts, comments, messages and settings.

- Your email address is used to sign you in, to confirm it is yours, and for the mail you ask for. It is never shown to other members.
- The site keeps a sign-in cookie and remembers your language and theme in your browser.
- Staff may read flagged content and the audit log of their own actions.
- You may change or delete your account's content at any time; ask {contact} for anything else.`,
  guidelines: `# Community guidelines

- Be kind. Argue with ideas, not people.
- Stay on topic, and search before you start a new discussion.
- No spam, no harassment, nothing illegal.
- Flag what breaks these rules: staff will look at it.`,
};
