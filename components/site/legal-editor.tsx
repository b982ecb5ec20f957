"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Textarea } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { useReportPending } from "@/components/ui/progress-store";
import { fieldErrors } from "@/lib/client/api-client";
import { siteApi } from "@/lib/client/site-api";
import type { LegalPageDto } from "@/lib/validation/site";

/** One legal page's markdown; Publish makes a new version (the terms: every member is asked to accept it). */
export function LegalEditor({ page }: { page: LegalPageDto }) {
  const t = useTranslations("Legal");
  const router = useRouter();
  const [refreshing, start] = useTransition();
  const [text, setText] = useState(page.markdown);
  const save = useMutation({ mutationFn: () => siteApi.saveLegal(page.slug, text), onSuccess: () => start(() => router.refresh()) });
  useReportPending(save.isPending || refreshing);
  const err = save.error ? fieldErrors(save.error) : null;
  const id = `legal-${page.slug}`;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Field
        id={id}
        label={t("editLabel", { page: t(`title.${page.slug}`) })}
        hint={page.slug === "terms" ? t("termsHint") : t("editHint")}
        error={err?.fields.markdown}
      >
        <Textarea
          id={id}
          rows={18}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="font-mono"
          {...describedBy(id, err?.fields.markdown)}
        />
      </Field>
      <FieldError id={`${id}-form`} message={err && !err.fields.markdown ? err.form : null} />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button type="submit" disabled={save.isPending || refreshing || text === page.markdown}>
          {t("publish")}
        </Button>
        <span className="text-zinc-600 dark:text-zinc-400">
          {page.version === 0 ? t("builtIn") : t("versionShort", { version: page.version })}
        </span>
        <Link href={`/${page.slug}`} className="underline">
          {t("view")}
        </Link>
        {page.version > 0 ? (
          <Link href={`/${page.slug}/history`} className="underline">
            {t("history")}
          </Link>
        ) : null}
        {save.isSuccess && !refreshing ? <span role="status">{t("published")}</span> : null}
      </div>
    </form>
  );
}
