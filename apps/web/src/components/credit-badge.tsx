import { useTranslation } from "../lib/i18n.ts";
import { Badge } from "./badge.tsx";

/**
 * Pieces settled on credit are owed, not paid (issue 28 A9): wherever a piece's payment shows, they
 * read "Επί πιστώσει" instead of "Πληρώθηκε", with who owes them when the reader is staff.
 */
export function CreditBadge({ debtor, testId }: { debtor: string | null; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone="warning" testId={testId}>
      {debtor ? t("customer.onCreditBy", { debtor }) : t("customer.onCredit")}
    </Badge>
  );
}
