import { AUDIT_PAGE_SIZE } from "@tableorder/domain/contracts/audit";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { downloadAuditCsv } from "../../../../features/audit-trail/api/download-audit-csv.ts";
import { useAuditPage } from "../../../../features/audit-trail/api/get-audit-page.ts";
import { useAuditStaff } from "../../../../features/audit-trail/api/get-audit-staff.ts";
import {
  type AuditFilters,
  auditFiltersFromSearch,
  auditFiltersToSearch,
  checkAuditRange,
} from "../../../../features/audit-trail/audit-filters.ts";
import styles from "../../../../features/audit-trail/components/audit.module.css";
import { AuditFiltersBar } from "../../../../features/audit-trail/components/audit-filters-bar.tsx";
import { AuditTable } from "../../../../features/audit-trail/components/audit-table.tsx";
import * as texts from "../../../../features/audit-trail/texts.ts";
import { venueDay } from "../../../../features/cash-desk/history-range.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";

addAreaCatalog(texts);

/**
 * {admin}/audit (issue 16): the owner's audit trail of staff actions, filtered by days, staff member
 * and kind (in the URL query), a page at a time, and exported as CSV. ADMIN only.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const today = venueDay(new Date());
  const [search, setSearch] = useSearchParams();
  const shown = auditFiltersFromSearch(search, today);
  // The date fields may hold a range that cannot be asked for; the list keeps the last good one.
  const [draft, setDraft] = useState<AuditFilters>(shown);
  const problem = checkAuditRange(draft, today);
  const page = useAuditPage(shown);
  const staff = useAuditStaff();
  const [exporting, setExporting] = useState(false);

  const change = (next: AuditFilters) => {
    setDraft(next);
    if (!checkAuditRange(next, today)) setSearch(auditFiltersToSearch(next, today));
  };
  const goTo = (index: number) => change({ ...shown, page: index });
  const exportCsv = () => {
    setExporting(true);
    downloadAuditCsv(shown)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const data = page.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <div className={styles.page} data-testid="audit-page">
      <div className={styles.header}>
        <div>
          <h1>{t("audit.title")}</h1>
          <p>{t("audit.intro")}</p>
        </div>
        <Button variant="secondary" loading={exporting} disabled={!data?.total} onClick={exportCsv} data-testid="audit-export">
          {t("audit.export")}
        </Button>
      </div>
      <AuditFiltersBar filters={draft} staff={staff.data ?? []} today={today} problem={problem} onChange={change} />
      {page.isPending && <DelayedSkeleton rows={8} rowHeight={48} />}
      {page.isError && !data && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(page.error)}</p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {t("audit.retry")}
          </Button>
        </div>
      )}
      {data && data.total === 0 && !page.isPlaceholderData && (
        <p className={styles.empty} data-testid="audit-empty">
          {t("audit.empty")}
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <p className={styles.summary} data-testid="audit-total">
            {t("audit.total", { count: data.total })}
          </p>
          <AuditTable entries={data.entries} stale={page.isPlaceholderData} />
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t("audit.pageOf", { page: shown.page + 1, pages })}>
              <Button
                variant="ghost"
                disabled={shown.page === 0}
                onClick={() => goTo(shown.page - 1)}
                data-testid="audit-previous"
              >
                {t("audit.previous")}
              </Button>
              <span>{t("audit.pageOf", { page: shown.page + 1, pages })}</span>
              <Button
                variant="ghost"
                disabled={shown.page + 1 >= pages}
                onClick={() => goTo(shown.page + 1)}
                data-testid="audit-next"
              >
                {t("audit.next")}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
