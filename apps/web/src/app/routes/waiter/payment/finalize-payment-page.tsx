import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useFormatEuros } from "../../../../components/price.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { decodeSelection, resolveSelection, toItemsCount } from "../../../../features/payment/selection.ts";
import { lostCollectionRace, useCompleteOrders } from "../../../../features/waiter-payment/api.ts";
import { type CollectedAmounts, PaymentAmounts } from "../../../../features/waiter-payment/payment-amounts.tsx";
import {
  flowQuery,
  PAYMENT_METHOD_OF_ROUTE,
  PAYMENT_TYPE_OF_ROUTE,
  type PaymentMethodKey,
  type PaymentScope,
  type PaymentTypeKey,
  SERVER_PAYMENT_TYPE,
  usePaymentScope,
} from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { StaffActionWaiting } from "../../../../lib/staff-action.ts";
import { NotFoundPage } from "../../not-found-page.tsx";

function Finalize({
  scope,
  unpaid,
  type,
  method,
  kept,
}: {
  scope: PaymentScope;
  unpaid: TableFeedItem[];
  type: PaymentTypeKey;
  method: PaymentMethodKey;
  kept: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const complete = useCompleteOrders();
  const gift = type === "gift";

  const selection = type === "full" ? null : decodeSelection(search.get("selectedProducts"));
  const resolved = resolveSelection(unpaid, selection);

  const collect = (amounts: CollectedAmounts) =>
    complete
      .mutateAsync({
        tableId: scope.tableId,
        body: {
          discountAmount: amounts.discount,
          cashAmount: amounts.cash,
          cardAmount: amounts.card,
          onCreditAmount: amounts.onCredit,
          creditDebtor: amounts.creditDebtor,
          itemsCount: toItemsCount(resolved.lines),
          isGift: gift,
          selectedTerminalId: amounts.terminal?.id ?? null,
          tipAmount: amounts.tipAmount,
          tipMethod: amounts.tipMethod,
          tipConfirmed: amounts.tipConfirmed,
        },
      })
      .catch((error: unknown) => {
        // Kept offline: the frame marks it, and goes back once the outbox has settled it.
        if (error instanceof StaffActionWaiting) return null;
        // Someone else collected these pieces first: back to the table, where the toast says why.
        if (lostCollectionRace(error)) {
          toast.error((error as Error).message, { arrival: true });
          void navigate(scope.returnTo, { replace: true });
          return null;
        }
        throw error;
      });

  const onCollect = async (amounts: CollectedAmounts) => {
    const { onCredit, terminal } = amounts;
    const result = await collect(amounts);
    if (!result) return;
    if (result.status === "PENDING") {
      if (scope.mode === "request") toast.info(t("waiterPay.inProgress"), { arrival: true });
      if (terminal) {
        void navigate(
          `${scope.basePath}/pending-pos-payment${flowQuery(search, {
            terminalLabel: terminal.friendlyName,
            tableId: String(scope.tableId),
            returnTo: scope.returnTo,
          })}${result.paymentId ? `&paymentId=${result.paymentId}` : ""}${result.cardAmount ? `&charge=${result.cardAmount}` : ""}`,
          { replace: true },
        );
      } else if (scope.mode === "table") {
        toast.error(t("error.active_payment_exists"), { arrival: true });
      } else {
        void navigate(scope.returnTo, { replace: true });
      }
      return;
    }
    // Money left on credit was recorded, not collected: the toast says so (issue 28 A9).
    toast.success(onCredit > 0 ? t("waiterPay.success.CREDIT") : t(`waiterPay.success.${SERVER_PAYMENT_TYPE[type]}`), {
      arrival: true,
    });
    void navigate(scope.returnTo, { replace: true });
  };

  return (
    <>
      {resolved.changed && (
        <p className={styles.notice} role="status" data-testid="selection-changed">
          {t("waiterPay.selectionChanged")}
        </p>
      )}
      <section className={styles.panel} aria-label={t("waiterPay.total")}>
        <ul className={styles.summaryLines} data-testid="finalize-lines">
          {resolved.lines.map(({ item, quantity }) => (
            <li key={item.id} className={styles.summaryLine}>
              <span>
                {quantity}× {item.name}
              </span>
              <span>{format(quantity * item.price)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.row}>
          <span>
            {t("waiterPay.total")} · {t("waiterPay.pieces", { count: resolved.count })}
          </span>
          <span data-testid="finalize-total">{format(resolved.totalCents)}</span>
        </p>
      </section>
      <PaymentAmounts
        total={resolved.totalCents}
        pieces={resolved.count}
        method={method}
        gift={gift}
        loading={complete.isPending}
        waiting={kept}
        onCollect={onCollect}
      />
    </>
  );
}

/** {type}/{method}/finalize-payment (spec 2 §4.5, §5): amounts, discount, terminal, collect. */
export default function FinalizePaymentPage() {
  const { t } = useTranslation();
  const scope = usePaymentScope();
  const [search] = useSearchParams();
  const params = useParams();
  const type = PAYMENT_TYPE_OF_ROUTE[params.type ?? ""];
  const method = PAYMENT_METHOD_OF_ROUTE[params.method ?? ""];
  // A gift is always NO_PAYMENT, and NO_PAYMENT is only for a gift.
  if (!type || !method || (type === "gift") !== (method === "none")) return <NotFoundPage />;
  const backTo =
    type === "gift"
      ? `${scope.basePath}/gift-payment/select-products${flowQuery(search, { selectedProducts: null })}`
      : `${scope.basePath}/${params.type}/choose-payment-method${flowQuery(search)}`;
  const title =
    type === "gift" ? t("waiterPay.type.gift") : `${t(`waiterPay.type.${type}`)} · ${t(`waiterPay.method.${method}`)}`;
  return (
    <PaymentFrame scope={scope} title={title} backTo={backTo} testId="finalize-payment">
      {(unpaid, { kept }) => <Finalize scope={scope} unpaid={unpaid} type={type} method={method} kept={kept} />}
    </PaymentFrame>
  );
}
