import type { RatingsReport } from "@tableorder/domain/contracts/ratings";
import { RATING_MAX_STARS, RATING_MIN_STARS } from "@tableorder/domain/ratings";
import { DayRangeFields, FilterField, FiltersBar } from "../../../components/filters-bar.tsx";
import { athensDateTime } from "../../../lib/athens-time.ts";
import type { DayRangeError } from "../../../lib/day-range.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import type { RatingsFilters } from "../ratings-filters.ts";
import styles from "./ratings.module.css";

const STAR_CHOICES = Array.from({ length: RATING_MAX_STARS - RATING_MIN_STARS + 1 }, (_, i) => RATING_MAX_STARS - i);

/** Stars drawn for the eye, named for a screen reader. */
function Stars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stars} role="img" aria-label={t("ratings.star", { count: stars })}>
      {"★".repeat(stars)}
      <span className={styles.unlit}>{"★".repeat(RATING_MAX_STARS - stars)}</span>
    </span>
  );
}

/** The screen's filters: a range of Athens days and the stars the list shows. */
export function RatingsFiltersBar({
  filters,
  today,
  problem,
  onChange,
}: {
  filters: RatingsFilters;
  today: string;
  problem: DayRangeError | null;
  onChange: (next: RatingsFilters) => void;
}) {
  const { t } = useTranslation();
  const change = (next: Partial<RatingsFilters>) => onChange({ ...filters, ...next });
  return (
    <FiltersBar problem={problem && t(`ratings.errors.${problem}`)}>
      <DayRangeFields
        range={filters}
        today={today}
        invalid={problem != null}
        labels={{ from: t("ratings.from"), to: t("ratings.to") }}
        testIdPrefix="ratings"
        onChange={change}
      />
      <FilterField label={t("ratings.stars")}>
        <select
          value={filters.stars ?? ""}
          onChange={(event) => change({ stars: event.target.value ? Number(event.target.value) : null })}
          data-testid="ratings-stars"
        >
          <option value="">{t("ratings.allStars")}</option>
          {STAR_CHOICES.map((stars) => (
            <option key={stars} value={stars}>
              {t("ratings.star", { count: stars })}
            </option>
          ))}
        </select>
      </FilterField>
    </FiltersBar>
  );
}

/** A card of averages, a row per day or per waiter: what was rated, how many times, and the average. */
function AveragesCard({
  title,
  hint,
  firstColumn,
  testId,
  rows,
  average,
}: {
  title: string;
  hint?: string;
  firstColumn: string;
  testId: string;
  rows: { key: string | number; label: string; count: number; average: number | null }[];
  average: (value: number | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.card}>
      <h2>{title}</h2>
      {hint && <p className={styles.note}>{hint}</p>}
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className={styles.number}>
              {t("ratings.columns.count")}
            </th>
            <th scope="col" className={styles.number}>
              {t("ratings.average")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.label}</td>
              <td className={styles.number}>{row.count}</td>
              <td className={styles.number}>{average(row.average)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The averages (overall, per day, per waiter) and the list of the range's ratings. */
export function RatingsView({ report, stale }: { report: RatingsReport; stale: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const when = athensDateTime(locale);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "2-digit", month: "2-digit" });
  const average = (value: number | null) => (value == null ? "–" : number.format(value));

  return (
    <div className={`${styles.report} ${stale ? styles.stale : ""}`} aria-busy={stale || undefined}>
      <section className={styles.overall} data-testid="ratings-overall">
        <span className={styles.big}>{average(report.overall.average)}</span>
        <span>
          {t("ratings.average")} · {t("ratings.count", { count: report.overall.count })}
        </span>
      </section>
      <div className={styles.aggregates}>
        <AveragesCard
          title={t("ratings.perDay")}
          firstColumn={t("ratings.columns.day")}
          testId="ratings-days"
          rows={report.days.map((d) => ({ key: d.day, label: day.format(new Date(`${d.day}T00:00:00Z`)), ...d }))}
          average={average}
        />
        <AveragesCard
          title={t("ratings.perWaiter")}
          hint={t("ratings.perWaiterHint")}
          firstColumn={t("ratings.columns.waiter")}
          testId="ratings-waiters"
          rows={report.waiters.map((w) => ({ key: w.waiterId, label: w.name, ...w }))}
          average={average}
        />
      </div>
      <section className={styles.card}>
        <h2>{t("ratings.list")}</h2>
        {report.ratings.length === 0 ? (
          <p className={styles.empty} data-testid="ratings-list-empty">
            {t("ratings.emptyStars")}
          </p>
        ) : (
          <table className={styles.table} data-testid="ratings-list">
            <thead>
              <tr>
                <th scope="col">{t("ratings.columns.time")}</th>
                <th scope="col">{t("ratings.columns.stars")}</th>
                <th scope="col">{t("ratings.columns.comment")}</th>
                <th scope="col">{t("ratings.columns.table")}</th>
                <th scope="col">{t("ratings.columns.waiter")}</th>
              </tr>
            </thead>
            <tbody>
              {report.ratings.map((r) => (
                <tr key={r.id} data-testid="ratings-row">
                  <td className={styles.nowrap}>{when(r.createdAt)}</td>
                  <td>
                    <Stars stars={r.stars} />
                  </td>
                  <td className={r.comment ? styles.comment : styles.note}>{r.comment ?? t("ratings.noComment")}</td>
                  <td>{r.tableLabel}</td>
                  <td>{r.waiters.join(", ") || <span className={styles.note}>{t("ratings.noWaiter")}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {report.listTruncated && <p className={styles.note}>{t("ratings.truncated", { count: report.ratings.length })}</p>}
      </section>
    </div>
  );
}
