import { useFormatEuros } from "../../../../components/price.tsx";
import paymentStyles from "../../../../features/payment/components/payment.module.css";
import { PaymentTypeOptions } from "../../../../features/payment/components/payment-type-options.tsx";
import { useTranslation } from "../../../../lib/i18n.ts";
import { tablePath, useCustomerContext } from "../customer-context.ts";
import { PaymentScreen } from "./payment-screen.tsx";

/** Full payment goes straight to the payment method; partial first chooses the pieces. */
export default function ChoosePaymentTypePage() {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const { tableCode } = useCustomerContext();
  return (
    <PaymentScreen title={t("payment.title")} testId="choose-payment-type-page">
      {(state) => (
        <>
          <p className={paymentStyles.lead}>{t("payment.chooseType")}</p>
          <PaymentTypeOptions
            options={[
              {
                key: "full",
                to: tablePath(tableCode, "payment"),
                title: t("payment.full"),
                hint: t("payment.fullHint", {
                  count: state.totalUnpaidCount,
                  pieces: t("common.piece", { count: state.totalUnpaidCount }),
                  price: format(state.totalUnpaidPrice),
                }),
              },
              {
                key: "partial",
                to: tablePath(tableCode, "select-products-to-pay"),
                title: t("payment.partial"),
                hint: t("payment.partialHint"),
              },
            ]}
          />
        </>
      )}
    </PaymentScreen>
  );
}
