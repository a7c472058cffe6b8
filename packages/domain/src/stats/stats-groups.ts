import type { IncomeStats, ProductCount } from "../contracts/stats.ts";

/** The spec's groups of the income stats (spec 3 §9). */
export interface StatsGroups {
  /** cash + card terminal + online + on credit. */
  totalIncome: number;
  /** gifts + cancellations + discounts. */
  uncollected: number;
  tableServices: number;
}

/** Groups the income stats the way the screen and the report show them (spec 3 §9). */
export function groupStats(
  stats: Pick<
    IncomeStats,
    | "cashTotal"
    | "posTotal"
    | "onlineTotal"
    | "onCreditTotal"
    | "giftsTotal"
    | "cancelledTotal"
    | "discountsTotal"
    | "tablesTotal"
  >,
): StatsGroups {
  return {
    totalIncome: stats.cashTotal + stats.posTotal + stats.onlineTotal + stats.onCreditTotal,
    uncollected: stats.giftsTotal + stats.cancelledTotal + stats.discountsTotal,
    tableServices: stats.tablesTotal,
  };
}

export type SortDirection = "NONE" | "DESC" | "ASC";

/** The consumption table's sort cycle: NONE → DESC → ASC → NONE. */
export function nextSort(direction: SortDirection): SortDirection {
  return direction === "NONE" ? "DESC" : direction === "DESC" ? "ASC" : "NONE";
}

/** The consumption lines sorted by a column; NONE keeps the server's order (by name). */
export function sortProductCounts(
  lines: readonly ProductCount[],
  column: "name" | "amount" | "count",
  direction: SortDirection,
): ProductCount[] {
  if (direction === "NONE") return [...lines];
  const sign = direction === "ASC" ? 1 : -1;
  return [...lines].sort((a, b) => {
    const order = column === "name" ? a.name.localeCompare(b.name, "el") : a[column] - b[column];
    return sign * order || a.name.localeCompare(b.name, "el");
  });
}
