import type { CashDeskCard } from "@tableorder/domain/contracts/cash-desk";
import { useState } from "react";
import { toast } from "../../../../components/toasts.tsx";
import { useBillTable } from "../../../../features/cash-desk/api/bill-table.ts";
import type { TillPrinter } from "../../../../features/cash-desk/hooks/use-till-printer.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { bigLetters } from "../../../../lib/print/big-letters.ts";
import { StaffActionWaiting } from "../../../../lib/staff-action.ts";

export interface BillAction {
  /** The card whose bill is on its way, if any. */
  billingId: number | null;
  bill: (card: CashDeskCard) => Promise<void>;
}

/**
 * A card's Bill button: the server marks the unbilled pieces billed and answers the bill, which
 * goes to the till's printer at the device's print size. A refused bill toasts the server's
 * message (the API client); printing fails silently elsewhere (spec 3 §8), but a bill that was
 * recorded and did not come out says so, since the guest is waiting for it — at a venue that
 * prints at all: one that never used a print service hears only that the bill was recorded.
 */
export function useBillAction(printer: TillPrinter): BillAction {
  const { t } = useTranslation();
  const billTable = useBillTable();
  const [billingId, setBillingId] = useState<number | null>(null);

  const bill = async (card: CashDeskCard) => {
    if (billingId !== null) return;
    setBillingId(card.id);
    try {
      const answer = await billTable.mutateAsync(card.id);
      const printed = await printer.printBill(answer, bigLetters.get());
      if (printed.ok) toast.success(t("cashDesk.cards.billPrinted", { name: card.name }));
      else if (printer.serviceSeen) toast.error(t("cashDesk.cards.billNotPrinted", { name: card.name }));
      else toast.success(t("cashDesk.cards.billRecorded", { name: card.name }));
    } catch (error) {
      // Kept offline: its card is marked until the outbox sends it. Otherwise the API client has
      // already shown why the bill was refused.
      if (error instanceof StaffActionWaiting) toast.info(t("outbox.kept"));
    } finally {
      setBillingId(null);
    }
  };
  return { billingId, bill };
}
