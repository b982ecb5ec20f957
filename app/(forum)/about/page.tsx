import { legalMetadata, LegalPageView } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("about");

export default function Page() {
  return <LegalPageView slug="about" />;
}
