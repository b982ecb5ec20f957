"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useReportPending } from "@/components/ui/progress-store";
import { api, type CategoryInput, type GoodInput, type TaxonomyInput } from "@/lib/client/api-client";
import type { AdminUserDto } from "@/lib/validation/admin-users";
import type { SiteConfigInput } from "@/lib/validation/responses";

/** Every change the admin pages make. The API checks the role and writes the audit entry. */
export type AdminChange =
  | { kind: "category.create"; body: CategoryInput }
  | { kind: "category.update"; id: number; body: Partial<CategoryInput> }
  | { kind: "category.reorder"; ids: number[] }
  | { kind: "category.delete"; id: number; moveTo?: number }
  | { kind: "tag.create"; body: TaxonomyInput }
  | { kind: "tag.update"; id: number; body: Partial<TaxonomyInput> }
  | { kind: "tag.merge"; id: number; intoId: number }
  | { kind: "tag.delete"; id: number }
  | { kind: "good.create"; body: GoodInput }
  | { kind: "good.update"; id: number; body: Partial<GoodInput> & { retired?: boolean } }
  | { kind: "good.delete"; id: number }
  | { kind: "redemption.fulfil"; id: number }
  | { kind: "settings.update"; body: SiteConfigInput }
  | { kind: "user.role"; id: number; role: AdminUserDto["role"] }
  | { kind: "user.suspend"; id: number; length: { days: number } | { until: string }; reason: string }
  | { kind: "user.unsuspend"; id: number };

function send(c: AdminChange): Promise<unknown> {
  switch (c.kind) {
    case "category.create":
      return api.createCategory(c.body);
    case "category.update":
      return api.updateCategory(c.id, c.body);
    case "category.reorder":
      return api.reorderCategories(c.ids);
    case "category.delete":
      return api.deleteCategory(c.id, c.moveTo);
    case "tag.create":
      return api.createTag(c.body.name, c.body.description);
    case "tag.update":
      return api.updateTag(c.id, c.body);
    case "tag.merge":
      return api.mergeTag(c.id, c.intoId);
    case "tag.delete":
      return api.deleteTag(c.id);
    case "good.create":
      return api.createGood(c.body);
    case "good.update":
      return api.updateGood(c.id, c.body);
    case "good.delete":
      return api.deleteGood(c.id);
    case "redemption.fulfil":
      return api.fulfilRedemption(c.id);
    case "settings.update":
      return api.updateSiteConfig(c.body);
    case "user.role":
      return api.setUserRole(c.id, c.role);
    case "user.suspend":
      return api.suspendUser(c.id, c.length, c.reason);
    case "user.unsuspend":
      return api.unsuspendUser(c.id);
  }
}

/**
 * The one mutation hook of the admin pages. They are rendered on the server, so a successful change
 * renders the page again; `busy` covers the request and that refresh.
 */
export function useAdminMutation() {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const m = useMutation({ mutationFn: send, onSuccess: () => startTransition(() => router.refresh()) });
  const busy = m.isPending || refreshing;
  useReportPending(busy);
  return { ...m, busy };
}
