import { Link, useSearchParams } from "react-router";
import { useFormatEuros } from "../../../../components/price.tsx";
import { flowQuery, PAYMENT_TYPE_ROUTES, usePaymentScope } from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import { useServicePaths } from "../../../../features/waiter-payment/service-paths.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";

/** choose-payment-type (spec 2 §4.5): full, partial, gift, transfer (not for a request's task nor a take-away). */
export default function ChoosePaymentTypePage() {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const scope = usePaymentScope();
  const { canTransfer } = useServicePaths();
  const [search] = useSearchParams();
  const options = [
    {
      key: "full",
      to: `${scope.basePath}/${PAYMENT_TYPE_ROUTES.full}/choose-payment-method`,
      title: t("waiterPay.type.full"),
      hint: t("waiterPay.type.fullHint"),
    },
    {
      key: "partial",
      to: `${scope.basePath}/${PAYMENT_TYPE_ROUTES.partial}/select-products`,
      title: t("waiterPay.type.partial"),
      hint: t("waiterPay.type.partialHint"),
    },
    {
      key: "gift",
      to: `${scope.basePath}/${PAYMENT_TYPE_ROUTES.gift}/select-products`,
      title: t("waiterPay.type.gift"),
      hint: t("waiterPay.type.giftHint"),
    },
    ...(scope.mode === "table" && canTransfer
      ? [
          {
            key: "transfer",
            to: `${scope.basePath}/table-transfer`,
            title: t("waiterPay.type.transfer"),
            hint: t("waiterPay.type.transferHint"),
          },
        ]
      : []),
  ];
  return (
    <PaymentFrame scope={scope} title={t("waiterPay.chooseType")} backTo={scope.returnTo} testId="choose-payment-type">
      {(unpaid) => {
        const count = unpaid.reduce((sum, item) => sum + item.quantity, 0);
        const total = unpaid.reduce((sum, item) => sum + item.quantity * item.price, 0);
        // Full payment carries no selection: everything unpaid in scope, as it is when collected.
        const query = flowQuery(search, {
          selectedProducts: null,
          totalCount: String(count),
          totalPrice: String(total),
          tableId: String(scope.tableId),
        });
        return (
          <>
            <p className={styles.row}>
              <span>
                {t("waiter.unpaid")} · {t("waiterPay.pieces", { count })}
              </span>
              <span className={styles.rowTotal}>{format(total)}</span>
            </p>
            <ul className={styles.choices}>
              {options.map((option) => (
                <li key={option.key}>
                  <Link to={option.to + query} className={styles.choice} data-testid={`payment-type-${option.key}`}>
                    <span className={styles.choiceText}>
                      <strong>{option.title}</strong>
                      <small>{option.hint}</small>
                    </span>
                    <span className={styles.chevron} aria-hidden="true">
                      ›
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </PaymentFrame>
  );
}
