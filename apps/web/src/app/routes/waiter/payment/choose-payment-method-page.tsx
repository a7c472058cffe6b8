import { useParams, useSearchParams } from "react-router";
import { useFormatEuros } from "../../../../components/price.tsx";
import {
  flowQuery,
  PAYMENT_METHOD_ROUTES,
  PAYMENT_TYPE_OF_ROUTE,
  usePaymentScope,
} from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import { PaymentMethodChoices } from "../../../../features/waiter-payment/payment-method-choices.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { NotFoundPage } from "../../not-found-page.tsx";

const METHODS = ["cash", "card", "credit"] as const;

/** {type}/choose-payment-method (spec 2 §4.5): cash, POS or on credit. */
export default function ChoosePaymentMethodPage() {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const scope = usePaymentScope();
  const [search] = useSearchParams();
  const typeRoute = useParams().type ?? "";
  const type = PAYMENT_TYPE_OF_ROUTE[typeRoute];
  if (type !== "full" && type !== "partial") return <NotFoundPage />;
  const backTo =
    type === "partial"
      ? `${scope.basePath}/partial-payment/select-products${flowQuery(search, { selectedProducts: null })}`
      : `${scope.basePath}/choose-payment-type${flowQuery(search, { selectedProducts: null })}`;
  const totalPrice = Number(search.get("totalPrice"));
  const totalCount = Number(search.get("totalCount"));
  return (
    <PaymentFrame scope={scope} title={t("waiterPay.chooseMethod")} backTo={backTo} testId="choose-payment-method">
      {() => (
        <>
          {totalCount > 0 && (
            <p className={styles.row}>
              <span>
                {t(`waiterPay.type.${type}`)} · {t("waiterPay.pieces", { count: totalCount })}
              </span>
              <span className={styles.rowTotal}>{format(totalPrice)}</span>
            </p>
          )}
          <PaymentMethodChoices
            methods={METHODS}
            to={(method) =>
              `${scope.basePath}/${typeRoute}/${PAYMENT_METHOD_ROUTES[method]}/finalize-payment${flowQuery(search)}`
            }
            textPrefix="waiterPay.method"
          />
        </>
      )}
    </PaymentFrame>
  );
}
