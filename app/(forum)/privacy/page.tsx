import { legalMetadata, LegalPageView } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("privacy");

export default function Page() {
  return <LegalPageView slug="privacy" />;
}
