import { legalHistoryMetadata, LegalHistoryPage } from "@/components/site/legal-history-page";

export const generateMetadata = () => legalHistoryMetadata("privacy");

export default function Page() {
  return <LegalHistoryPage slug="privacy" />;
}
