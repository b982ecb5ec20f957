import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Not found" };

export default function AuthNotFound() {
  return <NotFoundContent />;
}
