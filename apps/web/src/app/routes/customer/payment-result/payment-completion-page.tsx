import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCompletePayment } from "../../../../features/online-payment/api/complete-payment.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { tablePath } from "../customer-context.ts";
import styles from "./payment-result.module.css";
import { ResultShell } from "./result-shell.tsx";

/** Where the failed-payment page is told what failed. */
export const failedPaymentPath = (s: string | null) =>
  `/service/customer/failed-payment${s ? `?${new URLSearchParams({ s })}` : ""}`;

/**
 * The provider's success return (spec 1 §2, /service/customer/successful-payment?t&s): submits s
 * and t for the server to confirm with the provider, shows 'payment completion' meanwhile, then
 * goes to the table's success page with what was paid (and the tip), or to the failed page when rejected.
 */
export default function PaymentCompletionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const s = params.get("s") ?? "";
  const tx = params.get("t") ?? "";
  const valid = /^\d{1,32}$/.test(s) && tx.length > 0;
  const completion = useCompletePayment(s, tx, valid);

  useEffect(() => {
    if (!valid || completion.isError) {
      navigate(failedPaymentPath(s || null), { replace: true, state: { rejected: true } });
    } else if (completion.data) {
      const { tableCode, paidProductCount, paidAmount, tipAmount } = completion.data;
      const query = new URLSearchParams({ totalCount: String(paidProductCount), totalPrice: String(paidAmount) });
      // Beyond the spec's two (issue 32): the tip charged beside the bill, for the page's thanks.
      if (tipAmount) query.set("tipAmount", String(tipAmount));
      navigate(`${tablePath(tableCode, "successful-viva-payment")}?${query}`, { replace: true });
    }
  }, [valid, completion.isError, completion.data, navigate, s]);

  return (
    <ResultShell>
      <section className={styles.result} data-testid="payment-completion" aria-busy="true">
        <span className={`${styles.mark} ${styles.waiting}`}>
          <span className={styles.spinner} aria-hidden="true" />
        </span>
        <h1 className={styles.title}>{t("onlinePayment.completion")}</h1>
        <p className={styles.hint}>{t("onlinePayment.completionHint")}</p>
      </section>
    </ResultShell>
  );
}
