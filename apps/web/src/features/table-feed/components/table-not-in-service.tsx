import { Button } from "../../../components/button.tsx";
import { AlertIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

/**
 * What a guest arriving at a table switched out of service sees instead of the table: the
 * check-in was refused (table_not_in_service), so there is nothing to order from here. Trying
 * again seats them once the venue puts the table back in service. The same screen says so when
 * the whole venue takes no orders (venue_not_accepting_guests: the platform disabled it).
 */
export function TableNotInServiceScreen({ onRetry, venue = false }: { onRetry: () => void; venue?: boolean }) {
  const { t } = useTranslation();
  const texts = venue ? "customer.venueClosed" : "customer.notInService";
  return (
    <section className={styles.welcome} role="alert" data-testid={venue ? "venue-closed" : "table-not-in-service"}>
      <span className={`${styles.welcomeIcon} ${styles.outOfServiceIcon}`} aria-hidden="true">
        <AlertIcon size={28} />
      </span>
      <h1 className={styles.outOfServiceTitle}>{t(`${texts}.title`)}</h1>
      <p>{t(`${texts}.text`)}</p>
      <Button variant="secondary" onClick={onRetry} className={styles.outOfServiceRetry}>
        {t("common.retry")}
      </Button>
    </section>
  );
}

/**
 * For guests seated before the table was switched out of service: their next order is refused,
 * but their bill and the waiter call go on. Shown live, from the table's state.
 */
export function TableNotInServiceNotice() {
  const { t } = useTranslation();
  return (
    <section
      className={`${styles.notice} ${styles.noticePayment} ${styles.outOfServiceNotice}`}
      role="status"
      data-testid="table-not-in-service-notice"
    >
      <span className={styles.noticeIcon} aria-hidden="true">
        <AlertIcon size={22} />
      </span>
      <div>
        <strong>{t("customer.notInService.seatedTitle")}</strong>
        <p>{t("customer.notInService.seatedText")}</p>
      </div>
    </section>
  );
}
