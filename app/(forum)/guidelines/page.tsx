import { legalMetadata, LegalPageView } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("guidelines");

export default function Page() {
  return <LegalPageView slug="guidelines" />;
}
