import { legalMetadata, LegalPageView } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("terms");

export default function Page() {
  return <LegalPageView slug="terms" />;
}
