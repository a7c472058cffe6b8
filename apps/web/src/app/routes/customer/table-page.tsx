import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { payableTotalCents } from "../../../features/payment/selection.ts";
import { useCallWaiter } from "../../../features/table-feed/api/call-waiter.ts";
import { useCancelRequest } from "../../../features/table-feed/api/cancel-request.ts";
import { useTableFeed } from "../../../features/table-feed/api/get-table-feed.ts";
import { useRemoveOrderProduct } from "../../../features/table-feed/api/remove-order-product.ts";
import { RemoveItemDialog } from "../../../features/table-feed/components/remove-item-dialog.tsx";
import { RequestNotice, TableActions } from "../../../features/table-feed/components/table-actions.tsx";
import { TableNotInServiceNotice } from "../../../features/table-feed/components/table-not-in-service.tsx";
import { TableTimeline } from "../../../features/table-feed/components/table-timeline.tsx";
import { VenueCard } from "../../../features/table-feed/components/venue-card.tsx";
import { WelcomeMessage } from "../../../features/table-feed/components/welcome-message.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./customer.module.css";
import { tablePath, useCustomerContext } from "./customer-context.ts";

/** The table overview: the venue, what the table ordered and where each item is, and the actions. */
export default function TablePage() {
  const { t } = useTranslation();
  const { tableId, tableCode } = useCustomerContext();
  const { content: lang } = useLanguage();
  const feed = useTableFeed(tableId, lang);
  const basket = useBasket(tableCode);
  const callWaiter = useCallWaiter(tableId, lang);
  const cancelRequest = useCancelRequest(tableId, lang);
  const removeProduct = useRemoveOrderProduct(tableId, lang);
  const [removing, setRemoving] = useState<TableFeedItem | null>(null);

  if (feed.isPending) return <DelayedSkeleton rows={4} />;
  if (feed.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(feed.error)}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const state = feed.data;
  const onCallWaiter = () => {
    if (callWaiter.isPending) return;
    callWaiter.mutate(undefined, { onSuccess: () => toast.success(t("customer.waiterNotified")) });
  };
  const onCancelRequest = (requestId: number) => {
    if (cancelRequest.isPending) return;
    cancelRequest.mutate(requestId, { onSuccess: () => toast.info(t("customer.requestCancelled")) });
  };
  const onConfirmRemove = () => {
    const orderProductId = removing?.orderProductIds[0];
    if (orderProductId === undefined || removeProduct.isPending) return;
    removeProduct.mutate(orderProductId, {
      onSuccess: () => toast.success(t("customer.productRemoved")),
      onSettled: () => setRemoving(null),
    });
  };
  const paymentRequested = state.activePaymentRequestId !== null;
  return (
    <div className={styles.withFooter} data-testid="table-page">
      <VenueCard info={state.retailerInfo} />
      {!state.onService && <TableNotInServiceNotice />}
      {paymentRequested ? <RequestNotice kind="payment" /> : state.callWaiterRequestId !== null && <RequestNotice kind="call" />}
      {state.tableFeed.length ? (
        // While a waiter comes to collect, the bill stays as it is.
        <TableTimeline
          items={state.tableFeed}
          heldPayments={state.heldPayments}
          onRemove={paymentRequested ? undefined : setRemoving}
        />
      ) : (
        <WelcomeMessage />
      )}
      <TableActions
        menuTo={tablePath(tableCode, "menu")}
        payTo={tablePath(tableCode, "choose-payment-type")}
        basketCount={basket.count}
        // Pieces another phone is paying for are not this phone's to pay (issue 28 A5).
        totalUnpaid={payableTotalCents(state.unpaidTableFeed, state.heldPayments)}
        callWaiterRequestId={state.callWaiterRequestId}
        activePaymentRequestId={state.activePaymentRequestId}
        onCallWaiter={onCallWaiter}
        onCancelRequest={onCancelRequest}
        requestBusy={callWaiter.isPending || cancelRequest.isPending}
      />
      {removing && (
        <RemoveItemDialog
          item={removing}
          busy={removeProduct.isPending}
          onConfirm={onConfirmRemove}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
