import type { Cents } from "@tableorder/domain/money";
import { Link } from "react-router";
import { BellIcon, CardIcon, MenuBookIcon } from "../../../components/icons.tsx";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

export interface TableActionsProps {
  menuTo: string;
  basketCount: number;
  totalUnpaid: Cents;
  /** A payment request blocks new orders and payments (spec 1 §2). */
  paymentRequested: boolean;
}

/**
 * The table's footer: call waiter, menu (with the basket count) and payment (with the unpaid
 * total). Calling a waiter and paying are not part of this release, so they stay disabled.
 */
export function TableActions({ menuTo, basketCount, totalUnpaid, paymentRequested }: TableActionsProps) {
  const { t } = useTranslation();
  return (
    <nav className={styles.actions} aria-label={t("customer.actions")}>
      <button type="button" className={styles.action} disabled data-testid="call-waiter">
        <BellIcon />
        <span>{t("customer.callWaiter")}</span>
      </button>
      {paymentRequested ? (
        <button type="button" className={`${styles.action} ${styles.actionPrimary}`} disabled>
          <MenuBookIcon />
          <span>{t("customer.menu")}</span>
        </button>
      ) : (
        <Link to={menuTo} className={`${styles.action} ${styles.actionPrimary}`} data-testid="open-menu">
          <MenuBookIcon />
          <span>{t("customer.menu")}</span>
          {basketCount > 0 && (
            <span className={styles.count} data-testid="basket-count">
              {basketCount}
            </span>
          )}
        </Link>
      )}
      <button type="button" className={styles.action} disabled data-testid="pay">
        <CardIcon />
        <span>{t("customer.pay")}</span>
        <Price cents={totalUnpaid} className={styles.actionAmount} />
      </button>
    </nav>
  );
}
