import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import { ProductsToPay } from "../../../../features/payment/components/products-to-pay.tsx";
import { encodeSelection, resolveSelection } from "../../../../features/payment/selection.ts";
import { flowQuery, PAYMENT_TYPE_OF_ROUTE, usePaymentScope } from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { NotFoundPage } from "../../not-found-page.tsx";

function Selection({ unpaid, next }: { unpaid: TableFeedItem[]; next: (query: string) => void }) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const selection = [...chosen].map(([itemId, quantity]) => ({ itemId, quantity })).filter((line) => line.quantity > 0);
  const resolved = resolveSelection(unpaid, selection);
  const onConfirm = () => {
    if (resolved.count === 0) return;
    next(
      flowQuery(search, {
        selectedProducts: encodeSelection(resolved.lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity }))),
        totalCount: String(resolved.count),
        totalPrice: String(resolved.totalCents),
      }),
    );
  };
  return (
    <>
      <p className={styles.hint}>{t("waiterPay.selectHint")}</p>
      <ProductsToPay
        items={unpaid}
        chosen={chosen}
        onChange={(itemId, quantity) => setChosen((current) => new Map(current).set(itemId, quantity))}
      />
      <div className={styles.actionBar}>
        <Button size="lg" block onClick={onConfirm} disabled={resolved.count === 0} data-testid="confirm-selection">
          {t("waiterPay.confirmSelection", { price: format(resolved.totalCents) })}
        </Button>
      </div>
    </>
  );
}

/** partial-payment/select-products and gift-payment/select-products (spec 2 §4.5, §5). */
export default function SelectProductsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = usePaymentScope();
  const [search] = useSearchParams();
  const typeRoute = useParams().type ?? "";
  const type = PAYMENT_TYPE_OF_ROUTE[typeRoute];
  if (type !== "partial" && type !== "gift") return <NotFoundPage />;
  // A gift has no method to choose: straight to its confirmation with NO_PAYMENT.
  const nextPath = type === "gift" ? "gift-payment/no-payment/finalize-payment" : "partial-payment/choose-payment-method";
  return (
    <PaymentFrame
      scope={scope}
      title={`${t(`waiterPay.type.${type}`)} · ${t("waiterPay.selectProducts")}`}
      backTo={`${scope.basePath}/choose-payment-type${flowQuery(search, { selectedProducts: null })}`}
      testId="select-products"
    >
      {(unpaid) => <Selection unpaid={unpaid} next={(query) => void navigate(`${scope.basePath}/${nextPath}${query}`)} />}
    </PaymentFrame>
  );
}
