"use client";

import { Download, Trash2, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { AdminList, ChangeError, RowText } from "@/components/admin/admin-kit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import {
  spamApi,
  type AddScreened as Add,
  type RemoveScreened as Remove,
  type ScreenAction,
  type WatchedAction,
} from "@/lib/client/spam-api";
import type { ScreenedEmailDto, ScreenedIpDto, WatchedWordDto } from "@/lib/validation/spam";
import { useSpamMutation } from "./use-spam";

const WORD_ACTIONS: WatchedAction[] = ["BLOCK", "REQUIRE_APPROVAL", "CENSOR", "FLAG"];
const TONE = { BLOCK: "danger", REQUIRE_APPROVAL: "warning", CENSOR: "info", FLAG: "warning", ALLOW: "success" } as const;

/** `word,ACTION` per line; a line without an action takes `fallback`. */
function parseImport(text: string, fallback: WatchedAction): { word: string; action: WatchedAction }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(.*?)[,\t]\s*(BLOCK|REQUIRE_APPROVAL|CENSOR|FLAG)$/i.exec(l);
      return m ? { word: m[1]!.trim(), action: m[2]!.toUpperCase() as WatchedAction } : { word: l, action: fallback };
    });
}

export function WatchedWords({ words }: { words: WatchedWordDto[] }) {
  const id = useId();
  const t = useTranslations("Spam");
  const [word, setWord] = useState("");
  const [action, setAction] = useState<WatchedAction>("BLOCK");
  const [importText, setImportText] = useState("");
  const [report, setReport] = useState<string | null>(null);
  const add = useSpamMutation((v: { word: string; action: WatchedAction }) => spamApi.addWord(v.word, v.action));
  const remove = useSpamMutation((wid: number) => spamApi.deleteWord(wid));
  const bulk = useSpamMutation(async (items: { word: string; action: WatchedAction }[]) => {
    let added = 0;
    let skipped = 0;
    for (const i of items) {
      try {
        await spamApi.addWord(i.word, i.action);
        added++;
      } catch {
        skipped++;
      }
    }
    return { added, skipped };
  });
  const exportHref = `data:text/plain;charset=utf-8,${encodeURIComponent(words.map((w) => `${w.word},${w.action}`).join("\n") + "\n")}`;
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("words.title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("words.intro")}</p>
      <form
        aria-label={t("words.addLabel")}
        className="grid gap-2 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ word: word.trim(), action }, { onSuccess: () => setWord("") });
        }}
      >
        <Field id={`${id}-word`} label={t("words.word")} hint={t("words.wordHint")}>
          <input id={`${id}-word`} required maxLength={100} value={word} onChange={(e) => setWord(e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-action`} label={t("action")}>
          <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as WatchedAction)} className={inputClass}>
            {WORD_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`wordAction.${a}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" disabled={add.busy}>
          {t("add")}
        </Button>
      </form>
      <ChangeError error={add.error ?? remove.error} />
      {words.length ? (
        <AdminList label={t("words.listLabel")}>
          {words.map((w) => (
            <ListedRow
              key={w.id}
              testId="watched-word"
              title={<span className="break-all">{w.word}</span>}
              detail={t(`wordActionHint.${w.action}`)}
              badge={<Badge tone={TONE[w.action]}>{t(`wordAction.${w.action}`)}</Badge>}
              removeLabel={t("removeNamed", { name: w.word })}
              busy={remove.busy}
              onRemove={() => remove.mutate(w.id)}
            />
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("words.none")}</p>
      )}
      <details className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium">{t("words.importExport")}</summary>
        <div className="mt-3 space-y-2">
          <Field id={`${id}-import`} label={t("words.importLabel")} hint={t("words.importHint")}>
            <textarea
              id={`${id}-import`}
              rows={5}
              value={importText}
              onChange={(e) => setImportText(e.target.value)}
              className={`${inputClass} font-mono`}
            />
          </Field>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="secondary"
              disabled={bulk.busy || !importText.trim()}
              onClick={() =>
                bulk.mutate(parseImport(importText, action), {
                  onSuccess: (r) => {
                    setImportText("");
                    setReport(t("words.imported", r));
                  },
                })
              }
            >
              <Upload aria-hidden="true" className="h-4 w-4" /> {t("words.import")}
            </Button>
            <a
              href={exportHref}
              download="watched-words.txt"
              className="inline-flex items-center gap-1 text-sm text-sky-700 underline dark:text-sky-400"
            >
              <Download aria-hidden="true" className="h-4 w-4" /> {t("words.export")}
            </a>
            {report ? (
              <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
                {report}
              </span>
            ) : null}
          </div>
        </div>
      </details>
    </section>
  );
}

type Screened = { id: number; value: string; action: ScreenAction };
type ListProps = { kind: "emails" | "ips"; items: Screened[]; onAdd: Add; onDelete: Remove };

function ScreenedList({ kind, items, onAdd, onDelete }: ListProps) {
  const id = useId();
  const t = useTranslations("Spam");
  const [value, setValue] = useState("");
  const [action, setAction] = useState<ScreenAction>("BLOCK");
  const add = useSpamMutation((v: { value: string; action: ScreenAction }) => onAdd(v.value, v.action));
  const remove = useSpamMutation(onDelete);
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t(`${kind}.title`)}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`${kind}.intro`)}</p>
      <form
        aria-label={t(`${kind}.addLabel`)}
        className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ value: value.trim(), action }, { onSuccess: () => setValue("") });
        }}
      >
        <Field id={`${id}-v`} label={t(`${kind}.value`)} hint={t(`${kind}.valueHint`)}>
          <input id={`${id}-v`} required maxLength={253} value={value} onChange={(e) => setValue(e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-a`} label={t("action")}>
          <select id={`${id}-a`} value={action} onChange={(e) => setAction(e.target.value as ScreenAction)} className={inputClass}>
            <option value="BLOCK">{t("screenAction.BLOCK")}</option>
            <option value="ALLOW">{t("screenAction.ALLOW")}</option>
          </select>
        </Field>
        <Button type="submit" disabled={add.busy}>
          {t("add")}
        </Button>
      </form>
      <ChangeError error={add.error ?? remove.error} />
      {items.length ? (
        <AdminList label={t(`${kind}.listLabel`)}>
          {items.map((s) => (
            <ListedRow
              key={s.id}
              testId={`screened-${kind}`}
              title={<span className="font-mono break-all">{s.value}</span>}
              detail={t(`${kind}.${s.action}`)}
              badge={<Badge tone={TONE[s.action]}>{t(`screenAction.${s.action}`)}</Badge>}
              removeLabel={t("removeNamed", { name: s.value })}
              busy={remove.busy}
              onRemove={() => remove.mutate(s.id)}
            />
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`${kind}.none`)}</p>
      )}
    </section>
  );
}

export function ScreenedEmails({ items }: { items: ScreenedEmailDto[] }) {
  return (
    <ScreenedList
      kind="emails"
      items={items.map((e) => ({ id: e.id, value: e.domain, action: e.action }))}
      onAdd={(v, a) => spamApi.addEmail(v, a)}
      onDelete={(i) => spamApi.deleteEmail(i)}
    />
  );
}

export function ScreenedIps({ items }: { items: ScreenedIpDto[] }) {
  return (
    <ScreenedList
      kind="ips"
      items={items.map((e) => ({ id: e.id, value: e.cidr, action: e.action }))}
      onAdd={(v, a) => spamApi.addIp(v, a)}
      onDelete={(i) => spamApi.deleteIp(i)}
    />
  );
}

/** One entry of a watched-word or screening list: what it is, what it does, and its remove button. */
function ListedRow(props: {
  testId: string;
  title: ReactNode;
  detail: string;
  badge: ReactNode;
  removeLabel: string;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid={props.testId}>
      <RowText title={props.title} detail={props.detail} />
      {props.badge}
      <Button variant="ghost" size="sm" aria-label={props.removeLabel} disabled={props.busy} onClick={props.onRemove}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </li>
  );
}
