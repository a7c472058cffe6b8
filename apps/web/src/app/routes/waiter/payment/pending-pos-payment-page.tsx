import { useSearchParams } from "react-router";
import { usePaymentScope } from "../../../../features/waiter-payment/payment-flow.ts";
import { PendingPosPayment } from "../../../../features/waiter-payment/pending-pos-payment.tsx";
import { useServicePaths } from "../../../../features/waiter-payment/service-paths.tsx";
import { useTranslation } from "../../../../lib/i18n.ts";

/**
 * pending-pos-payment (spec 2 §4.5): the table's card payment waits on the terminal, whose answer
 * arrives on /topic/payment-update/{tableId}; either way the flow returns to the table feed.
 */
export default function PendingPosPaymentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const scope = usePaymentScope();
  const { labelKey } = useServicePaths();
  return (
    <PendingPosPayment
      tableId={Number(search.get("tableId")) || scope.tableId}
      paymentId={Number(search.get("paymentId")) || null}
      terminalLabel={search.get("terminalLabel") ?? ""}
      charge={Number(search.get("charge")) || null}
      placeLabel={scope.label ? t(labelKey, { name: scope.label }) : null}
      returnTo={scope.returnTo}
      leaveLabel={t("waiterPay.pendingLeave")}
    />
  );
}
