import { LegalPage } from "./legal-page.tsx";

/** /privacy-policy: the privacy policy in 25 numbered sections (spec 1 §2, facts of §9). */
export default function PrivacyPolicyPage() {
  return <LegalPage kind="privacy-policy" />;
}
