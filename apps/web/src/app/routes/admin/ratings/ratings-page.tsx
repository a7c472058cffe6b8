import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { venueDay } from "../../../../features/cash-desk/history-range.ts";
import { useRatingsReport } from "../../../../features/venue-ratings/api/get-ratings-report.ts";
import styles from "../../../../features/venue-ratings/components/ratings.module.css";
import { RatingsFiltersBar, RatingsView } from "../../../../features/venue-ratings/components/ratings-view.tsx";
import {
  checkRatingsRange,
  type RatingsFilters,
  ratingsFiltersFromSearch,
  ratingsFiltersToSearch,
} from "../../../../features/venue-ratings/ratings-filters.ts";
import * as texts from "../../../../features/venue-ratings/texts.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";

addAreaCatalog(texts);

/**
 * {admin}/ratings (issue 32): the guests' ratings of their visits, anonymous, filtered by days and
 * stars (in the URL query), with the average of each day and of each waiter. ADMIN only.
 */
export default function RatingsPage() {
  const { t } = useTranslation();
  const today = venueDay(new Date());
  const [search, setSearch] = useSearchParams();
  const shown = ratingsFiltersFromSearch(search, today);
  // The date fields may hold a range that cannot be asked for; the report keeps the last good one.
  const [draft, setDraft] = useState<RatingsFilters>(shown);
  const problem = checkRatingsRange(draft, today);
  const report = useRatingsReport(shown);
  const data = report.data;

  const change = (next: RatingsFilters) => {
    setDraft(next);
    if (!checkRatingsRange(next, today)) setSearch(ratingsFiltersToSearch(next, today));
  };

  return (
    <div className={styles.page} data-testid="ratings-page">
      <div className={styles.header}>
        <h1>{t("ratings.title")}</h1>
        <p>{t("ratings.intro")}</p>
      </div>
      <RatingsFiltersBar filters={draft} today={today} problem={problem} onChange={change} />
      {report.isPending && <DelayedSkeleton rows={6} rowHeight={48} />}
      {report.isError && !data && (
        <div className={styles.problem} role="alert">
          <p>{t("admin.common.loadFailed")}</p>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            {t("ratings.retry")}
          </Button>
        </div>
      )}
      {data && data.overall.count === 0 && !report.isPlaceholderData && (
        <p className={styles.empty} data-testid="ratings-empty">
          {t("ratings.empty")}
        </p>
      )}
      {data && data.overall.count > 0 && <RatingsView report={data} stale={report.isPlaceholderData} />}
    </div>
  );
}
