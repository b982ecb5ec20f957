"use client";

/* eslint-disable @next/next/no-img-element -- goods images are admin-supplied URLs of any host */

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { pointKeys, userKeys } from "@/lib/client/query-keys";
import type { MeDto, PointGoodDto } from "@/lib/validation/responses";

type Step = { goodId: number; stage: "contact" | "confirm"; contact: string };

/** The shop: goods with image and cost; redeeming asks for a contact, then a confirmation. */
export function PointsShop() {
  const t = useTranslations("Shop");
  const id = useId();
  const qc = useQueryClient();
  const router = useRouter();
  const goods = useQuery({ queryKey: pointKeys.goods(), queryFn: () => api.pointGoods() });
  const me = useQuery({ queryKey: userKeys.me(), queryFn: api.me });
  const balance = me.data?.point ?? 0;
  const [step, setStep] = useState<Step | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);

  const redeem = useMutation({
    mutationFn: (s: Step) => api.redeem(s.goodId, s.contact),
    onSuccess: async (res, s) => {
      const good = goods.data?.find((g) => g.id === s.goodId);
      qc.setQueryData<MeDto>(userKeys.me(), (old) => (old ? { ...old, point: res.point } : old));
      setStep(null);
      setDone(t("redeemed", { name: good?.name ?? t("theGood"), count: res.point }));
      await qc.invalidateQueries({ queryKey: pointKeys.all });
      // The header shows the balance too (rendered on the server).
      router.refresh();
    },
  });

  const start = (g: PointGoodDto) => {
    setDone(null);
    setContactError(null);
    redeem.reset();
    setStep({ goodId: g.id, stage: "contact", contact: step?.contact ?? "" });
  };

  if (goods.isPending) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p>;
  if (goods.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("error")}
      </p>
    );
  if (!goods.data.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>;

  return (
    <div className="space-y-3">
      {done ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
          {done}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="goods">
        {goods.data.map((g) => {
          const short = g.cost - balance;
          const active = step?.goodId === g.id ? step : null;
          const reasonId = `${id}-${g.id}-reason`;
          return (
            <li
              key={g.id}
              id={`good-${g.id}`}
              className="flex scroll-mt-20 flex-col overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800"
              data-testid="good"
            >
              {g.image ? (
                <img src={g.image} alt={g.name} loading="lazy" className="aspect-[4/3] w-full bg-zinc-100 object-cover dark:bg-zinc-800" />
              ) : (
                <div aria-hidden="true" className="flex aspect-[4/3] items-center justify-center bg-zinc-100 text-4xl dark:bg-zinc-800">
                  🎁
                </div>
              )}
              <div className="flex flex-1 flex-col gap-2 p-3">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{g.name}</h3>
                  <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                    {t("cost", { count: g.cost })}
                  </span>
                </div>
                {g.description ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{g.description}</p> : null}
                <div className="mt-auto space-y-2 pt-2">
                  {!active ? (
                    <>
                      <Button
                        className="w-full"
                        onClick={() => start(g)}
                        disabled={short > 0}
                        aria-describedby={short > 0 ? reasonId : undefined}
                        aria-label={t("redeemLabel", { name: g.name })}
                      >
                        {t("redeem")}
                      </Button>
                      {short > 0 ? (
                        <p id={reasonId} className="text-xs text-zinc-600 dark:text-zinc-400">
                          {t("short", { count: short })}
                        </p>
                      ) : null}
                    </>
                  ) : active.stage === "contact" ? (
                    <form
                      className="space-y-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        if (!active.contact.trim()) return setContactError(t("contactMissing"));
                        setContactError(null);
                        setStep({ ...active, stage: "confirm" });
                      }}
                    >
                      <Field id={`${id}-${g.id}-contact`} label={t("contact")} error={contactError}>
                        <Input
                          id={`${id}-${g.id}-contact`}
                          value={active.contact}
                          maxLength={200}
                          autoFocus
                          onChange={(e) => setStep({ ...active, contact: e.target.value })}
                          {...describedBy(`${id}-${g.id}-contact`, contactError)}
                        />
                      </Field>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm">
                          {t("continue")}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setStep(null)}>
                          {t("cancel")}
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div
                      role="group"
                      aria-label={t("confirmLabel", { name: g.name })}
                      className="space-y-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40"
                    >
                      <p>
                        {t.rich("confirm", {
                          name: g.name,
                          cost: g.cost,
                          after: balance - g.cost,
                          contact: active.contact,
                          strong: (c) => <strong>{c}</strong>,
                          address: (c) => <strong className="break-all">{c}</strong>,
                        })}
                      </p>
                      <div className="flex gap-2">
                        <Button size="sm" onClick={() => redeem.mutate(active)} disabled={redeem.isPending}>
                          {redeem.isPending ? t("redeeming") : t("confirmButton")}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setStep({ ...active, stage: "contact" })}
                          disabled={redeem.isPending}
                        >
                          {t("back")}
                        </Button>
                      </div>
                      {redeem.isError ? (
                        <p role="alert" className="text-red-700 dark:text-red-400">
                          {fieldErrors(redeem.error).form ?? Object.values(fieldErrors(redeem.error).fields)[0]}
                        </p>
                      ) : null}
                    </div>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
