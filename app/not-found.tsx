import type { Metadata } from "next";
import { SiteShell } from "@/components/forum/site-shell";
import { NotFoundContent } from "@/components/forum/not-found-content";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <SiteShell>
      <NotFoundContent />
    </SiteShell>
  );
}
