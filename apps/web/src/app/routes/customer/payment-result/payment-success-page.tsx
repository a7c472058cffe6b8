import { Link, useLocation, useSearchParams } from "react-router";
import buttonStyles from "../../../../components/button.module.css";
import { Price } from "../../../../components/price.tsx";
import { useTableFeed } from "../../../../features/table-feed/api/get-table-feed.ts";
import { VisitRating } from "../../../../features/visit-rating/components/visit-rating.tsx";
import { useLanguage, useTranslation } from "../../../../lib/i18n.ts";
import { tablePath, useCustomerContext } from "../customer-context.ts";
import styles from "./payment-result.module.css";

const count = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/**
 * The success page (spec 1 §2, successful-payment and its card-provider variant
 * successful-viva-payment): what was paid and any tip left with it (issue 32), from the query, and
 * what the table still owes, live from the table's state, with the way back to the table or on to
 * a new order; below, the optional rating of the visit (issue 32).
 */
export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const { content: lang } = useLanguage();
  const { tableId, tableCode } = useCustomerContext();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const byCard = pathname.endsWith("/successful-viva-payment");
  const paidCount = count(params.get("totalCount"));
  const paidPrice = count(params.get("totalPrice"));
  const tipPaid = count(params.get("tipAmount"));
  const feed = useTableFeed(tableId, lang);
  const unpaidCount = feed.data?.totalUnpaidCount ?? null;
  const settled = unpaidCount === 0;
  const primary = `${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.lg} ${buttonStyles.block}`;
  const secondary = `${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.lg} ${buttonStyles.block}`;

  return (
    <section className={styles.result} data-testid="payment-success">
      <span className={`${styles.mark} ${styles.success}`} aria-hidden="true">
        ✓
      </span>
      {byCard && <span className={styles.badge}>{t("onlinePayment.cardVariant")}</span>}
      <h1 className={styles.title}>{t("onlinePayment.successTitle")}</h1>
      <p className={styles.hint}>{settled ? t("onlinePayment.settled") : t("onlinePayment.partlyPaid")}</p>
      <dl className={styles.figures}>
        {paidCount !== null && paidPrice !== null && (
          <div className={`${styles.figure} ${styles.paid}`} data-testid="paid-figure">
            <dt>
              {t("onlinePayment.paid")}
              <small>{t("onlinePayment.paidCount", { count: paidCount, pieces: t("common.piece", { count: paidCount }) })}</small>
            </dt>
            <dd>
              <Price cents={paidPrice} />
            </dd>
          </div>
        )}
        {paidCount !== null && paidPrice !== null && tipPaid ? (
          <div className={`${styles.figure} ${styles.paid}`} data-testid="tip-figure">
            <dt>
              {t("onlinePayment.tip.title")}
              <small>{t("onlinePayment.tip.paidHint")}</small>
            </dt>
            <dd>
              <Price cents={tipPaid} />
            </dd>
          </div>
        ) : null}
        {feed.data && !settled && (
          <div className={`${styles.figure} ${styles.remaining}`} data-testid="remaining-figure">
            <dt>
              {t("onlinePayment.remaining")}
              <small>
                {t("onlinePayment.remainingHint", {
                  count: feed.data.totalUnpaidCount,
                  pieces: t("common.piece", { count: feed.data.totalUnpaidCount }),
                })}
              </small>
            </dt>
            <dd>
              <Price cents={feed.data.totalUnpaidPrice} />
            </dd>
          </div>
        )}
      </dl>
      <div className={styles.actions}>
        {settled ? (
          <Link to={tablePath(tableCode, "menu")} className={primary} data-testid="new-order">
            {t("onlinePayment.newOrder")}
          </Link>
        ) : (
          <Link to={tablePath(tableCode)} className={feed.data ? primary : secondary} data-testid="success-back-to-table">
            {t("onlinePayment.backToTable")}
          </Link>
        )}
      </div>
      <VisitRating tableId={tableId} />
    </section>
  );
}
