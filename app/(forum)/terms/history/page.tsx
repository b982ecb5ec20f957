import { legalHistoryMetadata, LegalHistoryPage } from "@/components/site/legal-history-page";

export const generateMetadata = () => legalHistoryMetadata("terms");

export default function Page() {
  return <LegalHistoryPage slug="terms" />;
}
