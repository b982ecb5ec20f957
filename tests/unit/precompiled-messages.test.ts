// The build precompiles the message catalogs (next.config.ts: next-intl's `messages.precompile`): pages
// format icu-minify's structures with next-intl's small formatter, while tests and scripts read the JSON
// as written and format it with intl-messageformat. This checks the two agree on every message of every
// language, for every plural category, select case and tag the message has, so that a message a
// translator writes cannot read one way in the browser and another in a mail or a test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import compile from "icu-minify/compile";
import format from "icu-minify/format";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locale";
import { messageSource } from "@/lib/i18n/server-text";

type Values = Record<string, string | number | Date | ((chunks: unknown[]) => string)>;

function flatten(node: unknown, prefix: string, out: Map<string, string>) {
  if (typeof node === "string") out.set(prefix, node);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
}

function catalog(locale: string): Map<string, string> {
  const dir = path.join(process.cwd(), "messages", locale);
  const out = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")))
    flatten(JSON.parse(readFileSync(path.join(dir, file), "utf8")), "", out);
  return out;
}

/** The arguments of a message: for each, the values worth trying (every plural category, every case). */
function argumentChoices(elements: MessageFormatElement[], choices: Map<string, unknown[]>) {
  const add = (name: string, values: unknown[]) => choices.set(name, [...new Set([...(choices.get(name) ?? []), ...values])]);
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        add(el.value, ["Ann"]);
        break;
      case TYPE.number:
        add(el.value, [0, 1, 2, 1234.5]);
        break;
      case TYPE.date:
      case TYPE.time:
        add(el.value, [new Date(Date.UTC(2026, 10, 28, 14, 5))]);
        break;
      case TYPE.plural:
        add(el.value, [
          0,
          1,
          2,
          5,
          21,
          ...Object.keys(el.options)
            .filter((k) => k.startsWith("="))
            .map((k) => Number(k.slice(1))),
        ]);
        for (const o of Object.values(el.options)) argumentChoices(o.value, choices);
        break;
      case TYPE.select:
        add(el.value, [...Object.keys(el.options), "no-such-case"]);
        for (const o of Object.values(el.options)) argumentChoices(o.value, choices);
        break;
      case TYPE.tag:
        add(el.value, [(chunks: unknown[]) => `<${el.value}>${chunks.join("")}</${el.value}>`]);
        argumentChoices(el.children, choices);
        break;
    }
  }
  return choices;
}

/** A few combinations of values: each choice of each argument at least once. */
function combinations(choices: Map<string, unknown[]>): Values[] {
  // An argument both printed ({count}) and counted ({count, plural, …}) is a number.
  for (const [name, vs] of choices)
    if (vs.some((v) => typeof v === "number"))
      choices.set(
        name,
        vs.filter((v) => typeof v === "number"),
      );
  const widest = Math.max(1, ...[...choices.values()].map((v) => v.length));
  return Array.from({ length: widest }, (_, i) =>
    Object.fromEntries([...choices].map(([name, vs]) => [name, vs[i % vs.length]])),
  ) as Values[];
}

const formatters = {
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...a),
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a),
};

const text = (v: unknown): string => (Array.isArray(v) ? v.map(text).join("") : String(v));

describe("precompiled catalogs format like the ICU source", () => {
  for (const locale of LOCALES) {
    it(`every message of ${locale}`, () => {
      const messages = catalog(locale);
      expect(messages.size).toBeGreaterThan(1000);
      let checked = 0;
      const differ: string[] = [];
      for (const [key, source] of messages) {
        const compiled = compile(source);
        for (const values of combinations(argumentChoices(parse(source), new Map()))) {
          const expected = text(new IntlMessageFormat(source, locale).format(values));
          const actual = text(format(compiled, locale, values, { formatters, timeZone: "UTC" }));
          // intl-messageformat formats dates in the process's zone; both run in UTC in CI (TZ is not set here).
          if (actual !== expected) differ.push(`${key}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
          checked++;
        }
      }
      expect(differ).toEqual([]);
      expect(checked).toBeGreaterThan(messages.size);
    });
  }

  it("the server reads a precompiled validation message back as its source", () => {
    const validation = [...catalog("en")].filter(([k]) => k.startsWith("Validation."));
    expect(validation.length).toBeGreaterThan(20);
    for (const [, source] of validation) expect(messageSource(compile(source))).toBe(source);
    expect(messageSource(compile("{n, plural, one {# day} other {# days}}"))).toBeNull();
  });
});
