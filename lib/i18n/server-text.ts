/**
 * The server's own texts (issue 49): API error messages (`Errors`), validation messages (`Validation`)
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

/** The raw (unformatted) English messages of a namespace, for the validation messages' reverse lookup. */
export function englishNamespace(ns: "Validation"): Record<string, string> {
  return CATALOGS.en[ns] as Record<string, string>;
}

/** Whether `key` (with its namespace) exists in the English catalog. */
export function hasServerKey(key: string): boolean {
  let node: unknown = CATALOGS.en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}
