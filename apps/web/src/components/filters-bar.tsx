import type { ReactNode } from "react";
import type { DayRange } from "../lib/day-range.ts";
import styles from "./filters-bar.module.css";

/** An admin list's filters above it: a range of days, the list's own choices, and why the range is refused. */
export function FiltersBar({
  children,
  problem,
  problemTestId,
}: {
  children: ReactNode;
  problem: string | null;
  problemTestId?: string;
}) {
  return (
    <div className={styles.filters}>
      {children}
      {problem && (
        <p className={styles.fieldError} role="alert" data-testid={problemTestId}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** One labelled control of a FiltersBar. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child each caller passes (an input or a select).
    <label className={styles.field}>
      {label}
      {children}
    </label>
  );
}

/** The first and last day of a FiltersBar's range; neither can be after today, the last not before the first. */
export function DayRangeFields({
  range,
  today,
  invalid,
  labels,
  testIdPrefix,
  onChange,
}: {
  range: DayRange;
  today: string;
  invalid: boolean;
  labels: { from: string; to: string };
  testIdPrefix: string;
  onChange: (next: Partial<DayRange>) => void;
}) {
  return (
    <>
      <FilterField label={labels.from}>
        <input
          type="date"
          value={range.from}
          max={today}
          onChange={(event) => onChange({ from: event.target.value })}
          aria-invalid={invalid || undefined}
          data-testid={`${testIdPrefix}-from`}
        />
      </FilterField>
      <FilterField label={labels.to}>
        <input
          type="date"
          value={range.to}
          min={range.from || undefined}
          max={today}
          onChange={(event) => onChange({ to: event.target.value })}
          aria-invalid={invalid || undefined}
          data-testid={`${testIdPrefix}-to`}
        />
      </FilterField>
    </>
  );
}
