import { legalHistoryMetadata, LegalHistoryPage } from "@/components/site/legal-history-page";

export const generateMetadata = () => legalHistoryMetadata("about");

export default function Page() {
  return <LegalHistoryPage slug="about" />;
}
