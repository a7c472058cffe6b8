import type { TableState } from "@tableorder/domain/contracts/table";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import paymentStyles from "../../../../features/payment/components/payment.module.css";
import { ProductsToPay } from "../../../../features/payment/components/products-to-pay.tsx";
import { encodeSelection, resolveSelection, SELECTED_PRODUCTS_PARAM } from "../../../../features/payment/selection.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "../customer.module.css";
import { tablePath, useCustomerContext } from "../customer-context.ts";
import { PaymentScreen } from "./payment-screen.tsx";

function Selection({ state }: { state: TableState }) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const { tableCode } = useCustomerContext();
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const selection = [...chosen].map(([itemId, quantity]) => ({ itemId, quantity })).filter((line) => line.quantity > 0);
  const resolved = resolveSelection(state.unpaidTableFeed, selection);

  const onConfirm = () => {
    if (resolved.count === 0) return;
    const query = new URLSearchParams({
      [SELECTED_PRODUCTS_PARAM]: encodeSelection(
        resolved.lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity })),
      ),
      totalCount: String(resolved.count),
      totalPrice: String(resolved.totalCents),
      returnTo: tablePath(tableCode, "select-products-to-pay"),
    });
    navigate(`${tablePath(tableCode, "payment")}?${query}`);
  };

  return (
    <>
      <p className={paymentStyles.lead}>{t("payment.selectHint")}</p>
      <ProductsToPay
        items={state.unpaidTableFeed}
        heldPayments={state.heldPayments}
        chosen={chosen}
        onChange={(itemId, quantity) => setChosen((current) => new Map(current).set(itemId, quantity))}
      />
      <div className={styles.sendBar}>
        <Button size="lg" block onClick={onConfirm} disabled={resolved.count === 0} data-testid="confirm-selection">
          {t("payment.confirm", { price: format(resolved.totalCents) })}
        </Button>
      </div>
    </>
  );
}

/** Partial payment: how many pieces of each unpaid line this guest pays (spec 1 §2). */
export default function SelectProductsToPayPage() {
  const { t } = useTranslation();
  const { tableCode } = useCustomerContext();
  return (
    <PaymentScreen
      title={t("payment.selectTitle")}
      backTo={tablePath(tableCode, "choose-payment-type")}
      testId="select-products-page"
    >
      {(state) => <Selection state={state} />}
    </PaymentScreen>
  );
}
