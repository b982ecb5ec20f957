"use client";

import { Link } from "@/components/ui/link";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { api } from "@/lib/client/api-client";

export function UnsubscribeButton({ u, t }: { u: string; t: string }) {
  const tr = useTranslations("Auth");
  const unsub = useMutation({ mutationFn: () => api.unsubscribe(u, t) });
  if (unsub.isSuccess) {
    return (
      <p
        role="status"
        className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {tr.rich("unsubscribed", {
          link: (c) => (
            <Link href="/settings/email" className="underline">
              {c}
            </Link>
          ),
        })}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <FieldError id="unsubscribe-error" message={unsub.error ? unsub.error.message : null} />
      <Button className="w-full" onClick={() => unsub.mutate()} disabled={unsub.isPending || !u || !t}>
        {unsub.isPending ? tr("unsubscribing") : tr("unsubscribe")}
      </Button>
    </div>
  );
}
