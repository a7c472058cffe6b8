import type { Cents } from "@tableorder/domain/money";
import { Link } from "react-router";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./basket.module.css";

/** The add-to-cart bar under the menu: what is in the basket, and the way to the order page. */
export function BasketBar({ count, totalCents, to }: { count: number; totalCents: Cents; to: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className={styles.barWrap}>
      <Link to={to} className={styles.bar} data-testid="basket-bar">
        {/* Keyed by the count, so each addition replays the bump. */}
        <span key={count} className={styles.barCount} data-testid="basket-bar-count">
          {count}
        </span>
        <span className={styles.barLabel}>{t("basket.view")}</span>
        <Price cents={totalCents} className={styles.barTotal} />
      </Link>
    </div>
  );
}
