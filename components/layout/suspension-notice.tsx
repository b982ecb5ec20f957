import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { SuspensionBanner, type Suspension } from "@/components/layout/suspension-banner";
import { pageAccount, pageReader } from "@/lib/cache/page-reader";
import { userKeys } from "@/lib/client/query-keys";

/**
 * Mounted once under the site header, on every page. In a document members share it holds nothing of
 * anyone's: the banner learns of a suspension from page-state in the browser. On a page rendered for
 * one member (their own post, settings, staff), their suspension is read with the header's account
 * (one read per request) and handed to the browser's query cache, where the banner and the write
 * controls look for it (useSuspension).
 */
export async function SuspensionNotice() {
  const { viewer, shared } = await pageReader();
  if (!viewer) return null;
  if (shared) return <SuspensionBanner />;
  const account = await pageAccount();
  const qc = new QueryClient();
  qc.setQueryData<Suspension | null>(userKeys.suspension(), account?.suspension ?? null);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <SuspensionBanner />
    </HydrationBoundary>
  );
}
