import { LegalPage } from "./legal-page.tsx";

/** /accessibility: the accessibility statement (issue 29; the EU Accessibility Act expects one). */
export default function AccessibilityStatementPage() {
  return <LegalPage kind="accessibility-statement" />;
}
