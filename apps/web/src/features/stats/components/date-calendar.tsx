import { monthGrid, yearChoices } from "@tableorder/domain/stats/stats-calendar";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./stats.module.css";

/**
 * A month of 42 days, weeks starting Monday (spec 3 §9), for picking a day or, in a range, its
 * first then its last day. Days after today cannot be picked (spec 3 §5).
 */
export function DateCalendar({
  start,
  end,
  today,
  range,
  onPick,
}: {
  start: string | null;
  end: string | null;
  today: string;
  range: boolean;
  onPick: (start: string, end: string) => void;
}) {
  const { t } = useTranslation();
  const shown = start ?? today;
  const [view, setView] = useState({ year: Number(shown.slice(0, 4)), month: Number(shown.slice(5, 7)) });
  // In a range, the first click starts it and the second ends it.
  const [pendingStart, setPendingStart] = useState<string | null>(null);
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const move = (delta: number) => {
    const index = view.year * 12 + view.month - 1 + delta;
    setView({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  };
  const atLatest = view.year > thisYear || (view.year === thisYear && view.month >= thisMonth);
  const atEarliest = view.year <= 2000 && view.month <= 1;
  const from = pendingStart ?? start;
  const to = pendingStart ? null : (end ?? start);
  const pick = (date: string) => {
    if (!range) return onPick(date, date);
    if (!pendingStart) return setPendingStart(date);
    const [a, b] = date < pendingStart ? [date, pendingStart] : [pendingStart, date];
    setPendingStart(null);
    onPick(a, b);
  };
  const months = t("stats.months").split(",");
  return (
    <div data-testid="stats-calendar">
      <div className={styles.calendarHead}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => move(-1)}
          disabled={atEarliest}
          aria-label={t("stats.filters.previousMonth")}
        >
          ‹
        </button>
        <span>
          <select
            aria-label={t("stats.filters.date")}
            value={view.month}
            onChange={(e) => setView({ ...view, month: Number(e.target.value) })}
          >
            {months.map((name, i) => (
              <option key={name} value={i + 1} disabled={view.year === thisYear && i + 1 > thisMonth}>
                {name}
              </option>
            ))}
          </select>{" "}
          <select
            aria-label={t("stats.filters.modes.YEAR")}
            value={view.year}
            onChange={(e) => {
              const year = Number(e.target.value);
              setView({ year, month: year === thisYear ? Math.min(view.month, thisMonth) : view.month });
            }}
          >
            {yearChoices(thisYear).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </span>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => move(1)}
          disabled={atLatest}
          aria-label={t("stats.filters.nextMonth")}
        >
          ›
        </button>
      </div>
      <div className={styles.grid}>
        {t("stats.weekdays")
          .split(",")
          .map((day) => (
            <span key={day} className={styles.weekday}>
              {day}
            </span>
          ))}
        {monthGrid(view.year, view.month).map((cell) => {
          const selected = cell.date === from || cell.date === to;
          const inRange = from && to && cell.date > from && cell.date < to;
          const classes = [
            styles.day,
            cell.inMonth ? "" : styles.outside,
            inRange ? styles.inRange : "",
            selected ? styles.selected : "",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <button
              key={cell.date}
              type="button"
              className={classes}
              disabled={cell.date > today}
              aria-pressed={selected}
              data-date={cell.date}
              onClick={() => pick(cell.date)}
            >
              {cell.day}
            </button>
          );
        })}
      </div>
      {pendingStart && <p className={styles.badge}>{t("stats.filters.pickEnd")}</p>}
    </div>
  );
}
