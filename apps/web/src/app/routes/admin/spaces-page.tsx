import type { CrmTable } from "@tableorder/domain/contracts/crm-tables";
import { Link } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useCrmAreas } from "../../../features/admin-areas/api.ts";
import {
  downloadTableQrPng,
  downloadTableQrSvg,
  printQrSheet,
  printTableQr,
  useCrmTables,
} from "../../../features/admin-tables/api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";

/** {admin}/tables: the tables with their QR codes, and the preparation areas (spec 3 §2.2). */
export default function SpacesPage() {
  const { t } = useTranslation();
  const tables = useCrmTables();
  const areas = useCrmAreas();
  const run = (action: () => Promise<void>) => () => {
    action().catch(() => toast.error(t("admin.common.loadFailed")));
  };
  // The whole row opens the record (its title's link covers it); this says so.
  const editMark = (
    <span className={styles.rowEdit} aria-hidden="true">
      {t("admin.common.edit")} ›
    </span>
  );
  const qrButtons = (table: CrmTable) => (
    <span className={styles.actions}>
      <button type="button" className={styles.small} onClick={run(() => downloadTableQrSvg(table))}>
        {t("admin.tables.qrSvg")}
      </button>
      <button type="button" className={styles.small} onClick={run(() => downloadTableQrPng(table))}>
        {t("admin.tables.qrPng")}
      </button>
      <button type="button" className={styles.small} onClick={run(() => printTableQr(table))}>
        {t("admin.tables.qrPrint")}
      </button>
    </span>
  );
  return (
    <>
      <section className={styles.section} aria-labelledby="admin-tables-title">
        <div className={styles.sectionHead}>
          <h2 id="admin-tables-title">{t("admin.tables.title")}</h2>
          <div className={styles.actions}>
            {!!tables.data?.length && (
              <button type="button" className={styles.small} onClick={run(printQrSheet)} data-testid="tables-qr-sheet">
                {t("admin.tables.qrSheet")}
              </button>
            )}
            <Link to="../table" className={styles.small} data-testid="table-add">
              + {t("admin.tables.add")}
            </Link>
          </div>
        </div>
        {tables.isPending ? (
          <DelayedSkeleton rows={5} />
        ) : tables.data?.length ? (
          <ul className={styles.list}>
            {tables.data.map((table) => (
              <li key={table.id} className={`${styles.row} ${styles.rowOpens}`} data-testid={`table-row-${table.code}`}>
                <Link
                  to={`../table/${table.id}`}
                  className={styles.rowTitle}
                  aria-label={`${t("admin.common.edit")}: ${t("admin.tables.label")} ${table.label}`}
                  data-testid="table-edit"
                >
                  {table.label}
                </Link>
                <span className={styles.rowMeta}>/{table.code}</span>
                <span className={styles.rowMeta}>
                  {table.onService ? t("admin.tables.onService") : t("admin.tables.offService")} ·{" "}
                  {t("admin.waiters.waiterCount", { count: table.waiterIds.length })}
                </span>
                {qrButtons(table)}
                {editMark}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{tables.isError ? t("admin.common.loadFailed") : t("admin.common.empty")}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="admin-areas-title">
        <div className={styles.sectionHead}>
          <h2 id="admin-areas-title">{t("admin.areas.title")}</h2>
          <Link to="../preparation-area" className={styles.small} data-testid="area-add">
            + {t("admin.areas.add")}
          </Link>
        </div>
        {areas.isPending ? (
          <DelayedSkeleton rows={3} />
        ) : areas.data?.length ? (
          <ul className={styles.list}>
            {areas.data.map((area) => (
              <li key={area.id} className={`${styles.row} ${styles.rowOpens}`} data-testid={`area-row-${area.id}`}>
                <Link
                  to={`../preparation-area/${area.id}`}
                  className={styles.rowTitle}
                  aria-label={`${t("admin.common.edit")}: ${area.label}`}
                >
                  {area.label}
                </Link>
                <span className={styles.rowMeta}>{area.username}</span>
                {area.printerIp && <span className={styles.rowMeta}>{area.printerIp}</span>}
                {editMark}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{areas.isError ? t("admin.common.loadFailed") : t("admin.common.empty")}</p>
        )}
      </section>
    </>
  );
}
