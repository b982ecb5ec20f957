import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/layout/not-found-content";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("NotFound"))("metaTitle") };
}

export default function AuthNotFound() {
  return <NotFoundContent />;
}
