import { SERVICE_MODES } from "@tableorder/domain/enums";
import { HOUR_CHOICES, MINUTE_CHOICES, monthRange, yearChoices, yearRange } from "@tableorder/domain/stats/stats-calendar";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useStatsPrepAreas } from "../api/get-stats-prep-areas.ts";
import { useStatsTables } from "../api/get-stats-tables.ts";
import { DATE_MODES, type DateMode, type StatsFilters } from "../stats-query.ts";
import { DateCalendar } from "./date-calendar.tsx";
import styles from "./stats.module.css";

/**
 * The stats filters (spec 3 §2.4, §5): DATE by day, month, year or a custom range, never past
 * today; TIME with hours 0-23 and minutes in steps of 5; ORDER sources; TABLE; PREPARATION area.
 * Every change is handed up at once, to go into the URL.
 */
export function StatsFiltersPanel({
  filters,
  today,
  onChange,
}: {
  filters: StatsFilters;
  today: string;
  onChange: (next: StatsFilters) => void;
}) {
  const { t } = useTranslation();
  const tables = useStatsTables();
  const areas = useStatsPrepAreas();
  const [mode, setMode] = useState<DateMode>(filters.mode);
  const thisYear = Number(today.slice(0, 4));
  const chosenYear = Number((filters.startDate ?? today).slice(0, 4));
  const setDates = (startDate: string, endDate: string, as: DateMode = mode) =>
    onChange({ ...filters, mode: as, startDate, endDate });
  const toggle = <T,>(values: T[], value: T) => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);

  return (
    <div className={`${styles.panel} ${styles.filters}`} data-testid="stats-filters">
      <fieldset className={styles.filterGroup}>
        <legend>{t("stats.filters.date")}</legend>
        <div className={styles.segmented}>
          {DATE_MODES.map((m) => (
            <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`stats-mode-${m}`}>
              {t(`stats.filters.modes.${m}`)}
            </button>
          ))}
        </div>
        {(mode === "DAY" || mode === "CUSTOM") && (
          <DateCalendar
            key={mode}
            start={filters.startDate}
            end={filters.endDate}
            today={today}
            range={mode === "CUSTOM"}
            onPick={(start, end) => setDates(start, end)}
          />
        )}
        {mode === "MONTH" && (
          <MonthPicker
            year={chosenYear}
            today={today}
            selected={filters.mode === "MONTH" && filters.startDate ? Number(filters.startDate.slice(5, 7)) : null}
            onPick={(year, month) => {
              const range = monthRange(year, month, today);
              setDates(range.startDate, range.endDate);
            }}
          />
        )}
        {mode === "YEAR" && (
          <select
            className={styles.yearSelect}
            aria-label={t("stats.filters.modes.YEAR")}
            data-testid="stats-year"
            value={filters.mode === "YEAR" && filters.startDate ? chosenYear : ""}
            onChange={(e) => {
              const range = yearRange(Number(e.target.value), today);
              setDates(range.startDate, range.endDate);
            }}
          >
            <option value="" disabled>
              –
            </option>
            {yearChoices(thisYear).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        )}
      </fieldset>

      <TimeFilter filters={filters} onChange={onChange} />

      <fieldset className={styles.filterGroup}>
        <legend>{t("stats.filters.order")}</legend>
        <div className={styles.checks}>
          {SERVICE_MODES.map((source) => (
            <label key={source}>
              <input
                type="checkbox"
                checked={filters.sources.includes(source)}
                onChange={() => onChange({ ...filters, sources: toggle(filters.sources, source) })}
                data-testid={`stats-source-${source}`}
              />
              {t(`serviceMode.${source}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.filterGroup}>
        <legend>{t("stats.filters.table")}</legend>
        <div className={styles.checks}>
          {(tables.data ?? []).map((table) => (
            <label key={table.id}>
              <input
                type="checkbox"
                checked={filters.tableIds.includes(table.id)}
                onChange={() => onChange({ ...filters, tableIds: toggle(filters.tableIds, table.id) })}
              />
              {table.name}
            </label>
          ))}
          {tables.data?.length === 0 && <span>{t("stats.filters.none")}</span>}
        </div>
      </fieldset>

      <fieldset className={styles.filterGroup}>
        <legend>{t("stats.filters.preparation")}</legend>
        <div className={styles.checks}>
          {(areas.data ?? []).map((area) => (
            <label key={area.id}>
              <input
                type="checkbox"
                checked={filters.areaIds.includes(area.id)}
                onChange={() => onChange({ ...filters, areaIds: toggle(filters.areaIds, area.id) })}
              />
              {area.name}
            </label>
          ))}
          {areas.data?.length === 0 && <span>{t("stats.filters.none")}</span>}
        </div>
      </fieldset>
    </div>
  );
}

/** A year's twelve months; months after this one cannot be picked. */
function MonthPicker({
  year: initialYear,
  today,
  selected,
  onPick,
}: {
  year: number;
  today: string;
  selected: number | null;
  onPick: (year: number, month: number) => void;
}) {
  const { t } = useTranslation();
  const [year, setYear] = useState(initialYear);
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  return (
    <>
      <select
        className={styles.yearSelect}
        aria-label={t("stats.filters.modes.YEAR")}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
      >
        {yearChoices(thisYear).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <div className={styles.months}>
        {t("stats.months")
          .split(",")
          .map((name, i) => (
            <button
              key={name}
              type="button"
              className={`${styles.day} ${selected === i + 1 && year === initialYear ? styles.selected : ""}`}
              disabled={year === thisYear && i + 1 > thisMonth}
              onClick={() => onPick(year, i + 1)}
              data-testid={`stats-month-${i + 1}`}
            >
              {name}
            </button>
          ))}
      </div>
    </>
  );
}

/** Start and end wall-clock times, hours 00-23 and minutes in steps of 5 (spec 3 §5). */
function TimeFilter({ filters, onChange }: { filters: StatsFilters; onChange: (next: StatsFilters) => void }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(filters.startTime ?? "00:00");
  const [end, setEnd] = useState(filters.endTime ?? "23:55");
  const select = (value: string, set: (v: string) => void, label: string, testId: string) => (
    <div className={styles.timeRow}>
      <span>{label}</span>
      <select
        aria-label={`${label} ${t("stats.filters.hour")}`}
        value={value.slice(0, 2)}
        onChange={(e) => set(`${e.target.value}:${value.slice(3)}`)}
        data-testid={`${testId}-hour`}
      >
        {HOUR_CHOICES.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      :
      <select
        aria-label={`${label} ${t("stats.filters.minute")}`}
        value={value.slice(3)}
        onChange={(e) => set(`${value.slice(0, 2)}:${e.target.value}`)}
        data-testid={`${testId}-minute`}
      >
        {MINUTE_CHOICES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className={styles.filterGroup}>
      <legend>{t("stats.filters.time")}</legend>
      {select(start, setStart, t("stats.filters.from"), "stats-time-from")}
      {select(end, setEnd, t("stats.filters.to"), "stats-time-to")}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={end < start}
          onClick={() => onChange({ ...filters, startTime: start, endTime: end })}
          data-testid="stats-time-apply"
        >
          {t("stats.filters.apply")}
        </Button>
        {filters.startTime && (
          <Button variant="ghost" onClick={() => onChange({ ...filters, startTime: null, endTime: null })}>
            {t("stats.filters.clear")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
