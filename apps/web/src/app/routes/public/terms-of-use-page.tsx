import { LegalPage } from "./legal-page.tsx";

/** /terms-of-use: the terms of use (spec 1 §2, facts of §1, §5 and §9). */
export default function TermsOfUsePage() {
  return <LegalPage kind="terms-of-use" />;
}
