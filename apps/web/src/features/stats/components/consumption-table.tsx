import type { ProductCount } from "@tableorder/domain/contracts/stats";
import { formatEuros } from "@tableorder/domain/money";
import { nextSort, type SortDirection, sortProductCounts } from "@tableorder/domain/stats/stats-groups";
import { useState } from "react";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./stats.module.css";

type Column = "name" | "amount" | "count";
const ARROWS: Record<SortDirection, string> = { NONE: "↕", DESC: "↓", ASC: "↑" };

/** The consumption table (spec 3 §2.4): product, amount, count; a header click cycles NONE → DESC → ASC → NONE. */
export function ConsumptionTable({ lines }: { lines: readonly ProductCount[] }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const [sort, setSort] = useState<{ column: Column; direction: SortDirection }>({ column: "amount", direction: "NONE" });
  const sorted = sortProductCounts(lines, sort.column, sort.direction);
  const header = (column: Column, label: string, numeric = false) => {
    const direction = sort.column === column ? sort.direction : "NONE";
    const aria = direction === "NONE" ? "none" : direction === "ASC" ? "ascending" : "descending";
    return (
      <th className={numeric ? styles.number : undefined} aria-sort={aria}>
        <button
          type="button"
          className={styles.sortButton}
          onClick={() => setSort({ column, direction: nextSort(direction) })}
          data-testid={`stats-sort-${column}`}
        >
          {label} {ARROWS[direction]}
        </button>
      </th>
    );
  };
  return (
    <section className={styles.panel} data-testid="stats-consumption">
      <h2>{t("stats.consumption.title")}</h2>
      {lines.length === 0 ? (
        <p>{t("stats.consumption.empty")}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              {header("name", t("stats.consumption.product"))}
              {header("amount", t("stats.consumption.amount"), true)}
              {header("count", t("stats.consumption.count"), true)}
            </tr>
          </thead>
          <tbody>
            {sorted.map((line) => (
              <tr key={line.name}>
                <td>{line.name}</td>
                <td className={styles.number}>{formatEuros(line.amount, locale)}</td>
                <td className={styles.number}>{line.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
