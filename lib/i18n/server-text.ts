/**
 * The server's own texts: API error messages (`Errors`), validation messages (`Validation`)
 * and mail (`Mail`), from messages/<locale>/server.json. Loaded synchronously, since an error is built
 * and answered outside any React render; English is the text a thrown error carries, the edge
 * (lib/api/errors.ts) writes it again in the request's language.
 */
import { createTranslator } from "next-intl";
import en from "@/messages/en/server.json";
import zhCN from "@/messages/zh-CN/server.json";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";

export type ServerMessages = typeof en;
export type ErrorKey = keyof ServerMessages["Errors"];
export type MessageValues = Record<string, string | number>;

const CATALOGS: Record<Locale, ServerMessages> = { en, "zh-CN": zhCN as ServerMessages };

type Translate = (key: string, values?: MessageValues) => string;
const translators = new Map<Locale, Translate>();

/** A translator over the server catalog of `locale` (keys like `Errors.userNotFound`, `Mail.verify.subject`). */
export function serverTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const tr = createTranslator({
      locale,
      messages: CATALOGS[locale],
      // A missing key or argument is a bug: say so in the text rather than crash an error answer.
      onError: (e) => console.error("[i18n] server text:", e.message),
    });
    t = tr as unknown as Translate;
    translators.set(locale, t);
  }
  return t;
}

/** One server text in `locale`. */
export function serverText(locale: Locale, key: string, values?: MessageValues): string {
  return serverTranslator(locale)(key, values);
}

/** The English text of `key` (what a thrown error carries, and every answer in English). */
export const englishText = (key: string, values?: MessageValues) => serverText(DEFAULT_LOCALE, key, values);

/**
 * A catalog message as ICU source text. The Next.js build precompiles the catalogs (next.config.ts), so
 * a message with arguments arrives as icu-minify's structure (`["at most ", ["max"], " characters"]`);
 * tests and scripts read the JSON as written. Plain arguments are written back as `{name}`; a message
 * with plurals or selects has no single source here (null).
 */
export function messageSource(m: unknown): string | null {
  if (typeof m === "string") return m;
  if (!Array.isArray(m)) return null;
  let out = "";
  for (const part of m) {
    if (typeof part === "string") out += part;
    else if (Array.isArray(part) && part.length === 1 && typeof part[0] === "string") out += `{${part[0]}}`;
    else return null;
  }
  return out;
}

/** The English messages of a namespace as source text, for the validation messages' reverse lookup. */
export function englishNamespace(ns: "Validation"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, m] of Object.entries(CATALOGS.en[ns] as Record<string, unknown>)) {
    const source = messageSource(m);
    if (source !== null) out[key] = source;
  }
  return out;
}

/** Whether `key` (with its namespace) exists in the English catalog. */
export function hasServerKey(key: string): boolean {
  let node: unknown = CATALOGS.en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  // A message: its text, or (precompiled) its structure.
  return typeof node === "string" || Array.isArray(node);
}
