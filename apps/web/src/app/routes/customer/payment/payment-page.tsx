import type { TableState } from "@tableorder/domain/contracts/table";
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useConfirm } from "../../../../components/confirm-dialog.tsx";
import { Price, useFormatEuros } from "../../../../components/price.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { usePayOnline } from "../../../../features/online-payment/api/pay-online.ts";
import { TipChoiceField } from "../../../../features/online-payment/components/tip-choice.tsx";
import { chosenTip, NO_TIP, type TipChoice } from "../../../../features/online-payment/tip-choice.ts";
import { useRequestPayment } from "../../../../features/payment/api/request-payment.ts";
import { CardOption } from "../../../../features/payment/components/card-option.tsx";
import { PayToWaiter } from "../../../../features/payment/components/pay-to-waiter.tsx";
import paymentStyles from "../../../../features/payment/components/payment.module.css";
import {
  decodeSelection,
  payableLines,
  resolveSelection,
  SELECTED_PRODUCTS_PARAM,
  toItemsCount,
} from "../../../../features/payment/selection.ts";
import { tableFeedQueryKey } from "../../../../features/table-feed/api/get-table-feed.ts";
import { ApiError, errorMessage, reportApiError } from "../../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../../lib/i18n.ts";
import styles from "../customer.module.css";
import { tablePath, useCustomerContext } from "../customer-context.ts";
import { PaymentScreen } from "./payment-screen.tsx";

function PaymentMethod({ state }: { state: TableState }) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const { tableId, tableCode } = useCustomerContext();
  const { content: lang } = useLanguage();
  const [params] = useSearchParams();
  const [needsTerminal, setNeedsTerminal] = useState(false);
  const [method, setMethod] = useState<"card" | "waiter">("waiter");
  const request = useRequestPayment(tableFeedQueryKey(tableId, lang));
  const payOnline = usePayOnline();
  const [tipChoice, setTipChoice] = useState<TipChoice>(NO_TIP);
  const { confirm, dialog } = useConfirm();
  const sending = useRef(false);
  // Checked against the bill as it is now: someone may have paid or removed pieces meanwhile.
  const resolved = resolveSelection(
    payableLines(state.unpaidTableFeed, state.heldPayments),
    decodeSelection(params.get(SELECTED_PRODUCTS_PARAM)),
  );
  const tip = chosenTip(tipChoice, resolved.totalCents);

  // An unusually large tip (over the bill or over 50 €) is charged only once the guest says it was meant.
  const confirmTip = () =>
    confirm({
      title: t("onlinePayment.tip.confirmTitle"),
      message: t("onlinePayment.tip.confirmMessage", { tip: format(tip.tip), charge: format(tip.charge) }),
      confirmLabel: t("onlinePayment.tip.confirm", { tip: format(tip.tip) }),
    });

  /**
   * Starts the card charge with the tip; `confirmed` when the guest said yes to a large one. The
   * server's bill may make a tip large where the screen's did not (its rule is the same one): the
   * guest is asked then, and the charge starts again confirmed.
   */
  const startCharge = (itemsCount: ReturnType<typeof toItemsCount>, confirmed: boolean) =>
    payOnline.mutate(
      { tableId, itemsCount, tipAmount: tip.tip, tipConfirmed: confirmed },
      {
        onError: async (error) => {
          if (!confirmed && error instanceof ApiError && error.key === "tip_needs_confirmation") {
            if (await confirmTip()) return startCharge(itemsCount, true);
          } else if (error instanceof ApiError) reportApiError(error);
          else toast.error(errorMessage(error));
          sending.current = false;
        },
      },
    );

  /**
   * The card payment: a large tip is confirmed first. The lock taken on the tap is held through the
   * question and until the browser leaves for the checkout, so a double tap starts one payment.
   */
  const payByCard = async (itemsCount: ReturnType<typeof toItemsCount>) => {
    const confirmed = tip.needsConfirmation && (await confirmTip());
    if (tip.needsConfirmation && !confirmed) {
      sending.current = false;
      return;
    }
    startCharge(itemsCount, confirmed);
  };

  const onRequest = () => {
    if (sending.current || resolved.count === 0) return;
    let itemsCount: ReturnType<typeof toItemsCount>;
    try {
      itemsCount = toItemsCount(resolved.lines);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    sending.current = true;
    if (method === "card") {
      // On success the browser leaves for the provider's checkout; the lock stays until then.
      void payByCard(itemsCount);
      return;
    }
    request.mutate(
      { tableId, itemsCount, pos: needsTerminal },
      {
        onSuccess: () => {
          toast.success(t("payment.requested"), { arrival: true });
          navigate(tablePath(tableCode), { replace: true });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <>
      {resolved.changed && (
        <p className={paymentStyles.notice} role="alert" data-testid="selection-changed">
          {t("payment.selectionGone")}
        </p>
      )}
      <div className={paymentStyles.summary} data-testid="payment-summary">
        <span>{t("payment.summary", { count: resolved.count, pieces: t("common.piece", { count: resolved.count }) })}</span>
        <Price cents={resolved.totalCents} className={paymentStyles.summaryTotal} />
      </div>
      <h2 className={paymentStyles.sectionTitle}>{t("payment.methodTitle")}</h2>
      <div className={paymentStyles.methods}>
        <CardOption selected={method === "card"} onSelect={() => setMethod("card")} />
        <PayToWaiter
          needsTerminal={needsTerminal}
          onNeedsTerminal={setNeedsTerminal}
          selected={method === "waiter"}
          onSelect={() => setMethod("waiter")}
        />
      </div>
      {method === "card" && (
        <TipChoiceField
          bill={resolved.totalCents}
          value={tipChoice}
          onChange={setTipChoice}
          disabled={payOnline.isPending || payOnline.isSuccess}
        />
      )}
      <div className={styles.sendBar}>
        {method === "card" ? (
          <Button
            size="lg"
            block
            onClick={onRequest}
            loading={payOnline.isPending || payOnline.isSuccess}
            disabled={resolved.count === 0}
            data-testid="pay-card"
          >
            {t("onlinePayment.payByCard", { price: format(tip.charge) })}
          </Button>
        ) : (
          <Button
            size="lg"
            block
            onClick={onRequest}
            loading={request.isPending}
            disabled={resolved.count === 0}
            data-testid="request-payment"
          >
            {t("payment.requestWaiter", { price: format(resolved.totalCents) })}
          </Button>
        )}
      </div>
      {dialog}
    </>
  );
}

/** The payment method for the whole bill or a chosen part of it: by card online, or paying the waiter. */
export default function PaymentPage() {
  const { t } = useTranslation();
  const { tableCode } = useCustomerContext();
  const [params] = useSearchParams();
  const returnTo = params.get("returnTo");
  // Only a path of this table is followed back, never an address from elsewhere.
  const backTo = returnTo?.startsWith(tablePath(tableCode)) ? returnTo : tablePath(tableCode, "choose-payment-type");
  return (
    <PaymentScreen title={t("payment.title")} backTo={backTo} testId="payment-page">
      {(state) => <PaymentMethod state={state} />}
    </PaymentScreen>
  );
}
