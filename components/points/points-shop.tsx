"use client";

/* eslint-disable @next/next/no-img-element -- goods images are admin-supplied URLs of any host */

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { pointKeys, userKeys } from "@/lib/client/query-keys";
import type { MeDto, PointGoodDto } from "@/lib/validation/responses";

type Step = { goodId: number; stage: "contact" | "confirm"; contact: string };

/** The shop: goods with image and cost; redeeming asks for a contact, then a confirmation. */
export function PointsShop() {
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
      setDone(`Redeemed ${good?.name ?? "the good"}. Your balance is now ${res.point} points; an admin will contact you.`);
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

  if (goods.isPending) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the shop…</p>;
  if (goods.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load the shop.
      </p>
    );
  if (!goods.data.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">The shop is empty for now.</p>;

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
              className="flex flex-col overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800"
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
                    {g.cost} pts
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
                        aria-label={`Redeem ${g.name}`}
                      >
                        Redeem
                      </Button>
                      {short > 0 ? (
                        <p id={reasonId} className="text-xs text-zinc-600 dark:text-zinc-400">
                          You need {short} more {short === 1 ? "point" : "points"}.
                        </p>
                      ) : null}
                    </>
                  ) : active.stage === "contact" ? (
                    <form
                      className="space-y-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        if (!active.contact.trim()) return setContactError("Tell us how to reach you.");
                        setContactError(null);
                        setStep({ ...active, stage: "confirm" });
                      }}
                    >
                      <Field id={`${id}-${g.id}-contact`} label="Contact (email or postal address)" error={contactError}>
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
                          Continue
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setStep(null)}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div
                      role="group"
                      aria-label={`Confirm redeeming ${g.name}`}
                      className="space-y-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40"
                    >
                      <p>
                        Redeem <strong>{g.name}</strong> for {g.cost} points? Your balance will be {balance - g.cost}. We will contact you
                        at <strong className="break-all">{active.contact}</strong>.
                      </p>
                      <div className="flex gap-2">
                        <Button size="sm" onClick={() => redeem.mutate(active)} disabled={redeem.isPending}>
                          {redeem.isPending ? "Redeeming…" : "Confirm redemption"}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setStep({ ...active, stage: "contact" })}
                          disabled={redeem.isPending}
                        >
                          Back
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
