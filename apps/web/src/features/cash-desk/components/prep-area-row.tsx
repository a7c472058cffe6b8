import type { CashDeskPrepAreaCard } from "@tableorder/domain/contracts/cash-desk";
import { Link } from "react-router";
import { Badge } from "../../../components/badge.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";

/** A preparation area's row (spec 3 §3): open or closed, its load, unprinted tickets, its printer. */
export function PrepAreaRow({ area, to }: { area: CashDeskPrepAreaCard; to: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={`${styles.areaRow} ${area.isActive ? "" : styles.inactive} ${area.hasUnprinted ? styles.unbilled : ""}`}
      data-testid="prep-area-card"
      data-id={area.id}
      data-unprinted={area.hasUnprinted}
    >
      <div className={styles.areaHead}>
        <Link to={to} className={styles.cardTitle}>
          {area.name}
        </Link>
        <Badge tone={area.isActive ? "success" : "neutral"}>
          {area.isActive ? t("cashDesk.prepAreas.open") : t("cashDesk.prepAreas.closed")}
        </Badge>
        {area.hasUnprinted && (
          <span className={styles.marker} data-testid="prep-area-unprinted">
            {t("cashDesk.prepAreas.unprinted")}
          </span>
        )}
      </div>
      <div className={styles.areaCounts}>
        <span>{t("cashDesk.prepAreas.orders", { count: area.orderCount })}</span>
        <span>{t("cashDesk.prepAreas.items", { count: area.itemCount })}</span>
        <span>{t("cashDesk.prepAreas.toPrepare", { count: area.preparationCount })}</span>
        <span className={styles.muted}>
          {area.printerIp ? t("cashDesk.prepAreas.printer", { ip: area.printerIp }) : t("cashDesk.prepAreas.noPrinter")}
        </span>
      </div>
    </li>
  );
}
