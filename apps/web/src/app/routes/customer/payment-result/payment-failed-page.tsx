import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import buttonStyles from "../../../../components/button.module.css";
import { useFailPayment } from "../../../../features/online-payment/api/complete-payment.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { useStoredValue } from "../../../../lib/stored-value.ts";
import { lastTableCode, tablePath } from "../customer-context.ts";
import styles from "./payment-result.module.css";
import { ResultShell } from "./result-shell.tsx";

/** Long enough to read the message, short enough not to strand the guest. */
const RETURN_AFTER_MS = 5000;

/**
 * The provider's failure return (spec 1 §2, /service/customer/failed-payment?s): reports s (the
 * server releases the held pieces and answers the table code), says 'Payment has failed!' with a
 * way back, and returns to the table by itself once the server has named it. Until then, or when
 * it cannot, the way back leads to the table this tab last sat at; with none known, the guest is
 * told to scan the table's code again.
 */
export default function PaymentFailedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const s = params.get("s");
  const report = useFailPayment(s && /^\d{1,32}$/.test(s) ? s : null);
  const reportedCode = report.data?.tableCode ?? null;
  const remembered = useStoredValue(lastTableCode);
  const tableCode = reportedCode ?? remembered;

  useEffect(() => {
    if (!reportedCode) return;
    const timer = setTimeout(() => navigate(tablePath(reportedCode), { replace: true }), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reportedCode, navigate]);

  return (
    <ResultShell>
      <section className={styles.result} data-testid="payment-failed" role="alert">
        <span className={`${styles.mark} ${styles.failure}`} aria-hidden="true">
          ✕
        </span>
        <h1 className={styles.title}>{t("onlinePayment.failed")}</h1>
        <p className={styles.hint}>{t("onlinePayment.failedHint")}</p>
        {tableCode ? (
          <div className={styles.actions}>
            <Link
              to={tablePath(tableCode)}
              replace
              className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.lg} ${buttonStyles.block}`}
              data-testid="failed-back-to-table"
            >
              {t("onlinePayment.backToTable")}
            </Link>
            {reportedCode && <p className={styles.hint}>{t("onlinePayment.redirectSoon")}</p>}
          </div>
        ) : (
          <div className={styles.actions}>
            <p className={styles.hint} data-testid="failed-scan-again">
              {t("onlinePayment.scanAgain")}
            </p>
            <Link
              to="/"
              replace
              className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.lg} ${buttonStyles.block}`}
              data-testid="failed-home"
            >
              {t("customer.toHome")}
            </Link>
          </div>
        )}
      </section>
    </ResultShell>
  );
}
