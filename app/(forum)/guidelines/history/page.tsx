import { legalHistoryMetadata, LegalHistoryPage } from "@/components/site/legal-history-page";

export const generateMetadata = () => legalHistoryMetadata("guidelines");

export default function Page() {
  return <LegalHistoryPage slug="guidelines" />;
}
