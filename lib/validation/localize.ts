/**
 * Validation messages in another language. The schemas in this folder keep their English
 * messages as they are (clients and tests read them); each one is a message of the `Validation`
 * namespace in messages/en/server.json, where `{name}` stands for a part that varies ("at most {max}
 * characters"). The edge finds the message a zod issue carries in that namespace and writes the same
 * key in the request's language; zod's own messages ("Invalid input: expected string, received
 * undefined") are written by zod's locale of that language. tests/unit/error-keys.test.ts checks every
 * message written in this folder has its key.
 */
import { z } from "zod";
import type { Locale } from "@/lib/i18n/locale";
import { englishNamespace, serverText } from "@/lib/i18n/server-text";

/** Keys the edge writes itself (the "field: message" of a body's `error`), never a schema's message. */
const EDGE_ONLY = new Set(["fieldMessage", "invalidInput"]);

type Pattern = { key: string; re: RegExp; literal: number };

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

function compile() {
  exact = new Map();
  patterns = [];
  for (const [key, message] of Object.entries(englishNamespace("Validation"))) {
    if (EDGE_ONLY.has(key)) continue;
    if (!message.includes("{")) {
      if (!exact.has(message)) exact.set(message, key);
      continue;
    }
    let source = "";
    let literal = 0;
    for (const part of message.split(/(\{[a-zA-Z]+\})/)) {
      if (/^\{[a-zA-Z]+\}$/.test(part)) source += `(?<${part.slice(1, -1)}>.+?)`;
      else {
        source += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        literal += part.length;
      }
    }
    patterns.push({ key, re: new RegExp(`^${source}$`, "s"), literal });
  }
  // The most specific pattern first ("pageSize must be 1..100" before "{field} must be 1..{max}").
  patterns.sort((a, b) => b.literal - a.literal);
}

/** The `Validation` key (and its values) whose English text is `message`, or null. */
export function validationKeyOf(message: string): { key: string; values: Record<string, string> } | null {
  if (!exact) compile();
  const key = exact!.get(message);
  if (key) return { key, values: {} };
  for (const p of patterns) {
    const m = p.re.exec(message);
    if (m) return { key: p.key, values: { ...m.groups } };
  }
  return null;
}

const ZOD_LOCALES: Partial<Record<Locale, () => { localeError: z.core.$ZodErrorMap }>> = { "zh-CN": z.locales.zhCN };
const zodEnglish = z.locales.en().localeError;

/** A value of the type zod named ("received undefined"), since a finished issue no longer holds its input. */
const SAMPLE: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  string: "",
  number: 0,
  nan: NaN,
  boolean: false,
  bigint: BigInt(0),
  symbol: Symbol("x"),
  function: () => undefined,
  array: [],
  object: {},
  date: new Date(0),
};

function zodText(map: z.core.$ZodErrorMap, issue: z.core.$ZodIssue, input: unknown): string | undefined {
  const out = map({ ...issue, input } as unknown as z.core.$ZodRawIssue);
  return typeof out === "string" ? out : out?.message;
}

/** A validation message (`message`, from zod `issue`) in `locale`; English stays as it is. */
export function validationText(message: string, issue: z.core.$ZodIssue | undefined, locale: Locale): string {
  if (locale === "en") return message;
  // A markdown limit (lib/validation/markdown.ts) says which limit in its params.
  const params = issue?.code === "custom" ? (issue.params as { limit?: string; max?: number; count?: number } | undefined) : undefined;
  if (params?.limit && params.max !== undefined && params.count !== undefined) {
    return serverText(locale, "Errors.markdownLimit", { limit: params.limit, max: params.max, count: params.count });
  }
  const found = validationKeyOf(message);
  if (found) return serverText(locale, `Validation.${found.key}`, found.values);
  const local = ZOD_LOCALES[locale];
  if (!issue || !local) return message;
  const received = issue.code === "invalid_type" ? /received (\w+)$/.exec(message)?.[1] : undefined;
  const input = received !== undefined ? SAMPLE[received] : undefined;
  // Only zod's own English message is replaced by zod's; a message of ours without a key stays English.
  if (zodText(zodEnglish, issue, input) !== message) return message;
  return zodText(local().localeError, issue, input) ?? message;
}
