import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { downloadStatsCsv } from "../../../../features/stats/api/download-stats-csv.ts";
import { ConsumptionTable } from "../../../../features/stats/components/consumption-table.tsx";
import { IncomeChart, MethodSplit } from "../../../../features/stats/components/income-chart.tsx";
import { IncomeTotals } from "../../../../features/stats/components/income-totals.tsx";
import styles from "../../../../features/stats/components/stats.module.css";
import { StatsFiltersPanel } from "../../../../features/stats/components/stats-filters.tsx";
import { useLiveStats } from "../../../../features/stats/hooks/use-live-stats.ts";
import { useReportPrinter } from "../../../../features/stats/hooks/use-report-printer.ts";
import { filtersFromQuery, filtersToQuery, filtersToRequest, type StatsFilters } from "../../../../features/stats/stats-query.ts";
import * as texts from "../../../../features/stats/texts.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";

addAreaCatalog(texts);

/** Today's calendar day in Athens, the venue's business day. */
const athensToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Athens" }).format(new Date());

/** The filters beyond the dates, worded for the printed report's header. */
function describeFilters(filters: StatsFilters, t: (key: string, params?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  if (filters.startTime && filters.endTime) parts.push(`${filters.startTime}-${filters.endTime}`);
  if (filters.sources.length) parts.push(filters.sources.map((s) => t(`serviceMode.${s}`)).join(", "));
  if (filters.tableIds.length) parts.push(t("stats.tablesCount", { count: filters.tableIds.length }));
  if (filters.areaIds.length) parts.push(t("stats.areasCount", { count: filters.areaIds.length }));
  return parts.join(" · ");
}

/**
 * {admin}/stats (spec 3 §2.2, §2.4; issue 14): filters in the URL query, income totals in the
 * spec's groups, the consumption table, charts, CSV downloads. With no filter the figures are
 * today's and follow payments live.
 */
export default function StatsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const filters = filtersFromQuery(query);
  const request = filtersToRequest(filters);
  const stats = useLiveStats(request);
  const today = athensToday();
  const [downloading, setDownloading] = useState<string | null>(null);
  const printer = useReportPrinter();
  const [printing, setPrinting] = useState(false);
  const download = (kind: "consumption" | "payments") => {
    setDownloading(kind);
    downloadStatsCsv(kind, request)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const data = stats.data;
  const dateLabel = (iso: string) => iso.split("-").reverse().join("/");
  return (
    <div className={styles.page} data-testid="stats-page">
      <div className={styles.header}>
        <h1>{t("stats.title")}</h1>
        <span className={styles.badge} data-testid="stats-mode">
          {request.live ? (
            <>
              <span className={styles.liveDot} aria-hidden="true" />
              {t("stats.live")}
            </>
          ) : (
            t("stats.filtered")
          )}
          {data && ` · ${t("stats.period", { start: dateLabel(data.startDate), end: dateLabel(data.endDate) })}`}
        </span>
        <div className={styles.actions}>
          {!request.live && (
            <Button variant="ghost" onClick={() => setQuery(new URLSearchParams())} data-testid="stats-clear">
              {t("stats.clearFilters")}
            </Button>
          )}
          <Button
            variant="secondary"
            loading={printing}
            disabled={!printer.ready || !stats.data}
            onClick={() => {
              if (!stats.data) return;
              setPrinting(true);
              // Print failures in the admin area are silently ignored (spec 3 §8).
              void printer.printReport(stats.data, describeFilters(filters, t)).finally(() => setPrinting(false));
            }}
            data-testid="stats-print"
          >
            {t("stats.print")}
          </Button>
          <Button variant="secondary" loading={downloading === "consumption"} onClick={() => download("consumption")}>
            {t("stats.export.consumption")}
          </Button>
          <Button variant="secondary" loading={downloading === "payments"} onClick={() => download("payments")}>
            {t("stats.export.payments")}
          </Button>
        </div>
      </div>
      <div className={styles.layout}>
        <StatsFiltersPanel
          // A new URL (back, a link) starts the panel from what it says.
          key={query.toString()}
          filters={filters}
          today={today}
          onChange={(next) => setQuery(filtersToQuery(next))}
        />
        {!data ? (
          <DelayedSkeleton rows={6} />
        ) : (
          <div className={`${styles.content} ${stats.isPlaceholderData ? styles.stale : ""}`} aria-busy={stats.isFetching}>
            <IncomeTotals stats={data} />
            <IncomeChart chart={data.chart} />
            <MethodSplit stats={data} />
            <ConsumptionTable lines={data.productCount} />
          </div>
        )}
      </div>
    </div>
  );
}
