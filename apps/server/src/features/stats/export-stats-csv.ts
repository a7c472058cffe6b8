import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { csvEuros, csvFile } from "../../lib/csv-file.ts";
import { loadIncomeStats } from "./load-income-stats.ts";
import { reversedPaymentsSql, scopedPaymentsSql } from "./stats-facts.ts";
import { STATS_TIME_ZONE, type StatsScope } from "./stats-scope.ts";

const HEADERS = {
  consumption: { el: ["Προϊόν", "Τεμάχια", "Ποσό (€)"], en: ["Product", "Count", "Amount (€)"] },
  payments: {
    el: [
      "Α/Α",
      "Ημερομηνία",
      "Ώρα",
      "Προέλευση",
      "Τραπέζι",
      "Τύπος",
      "Μετρητά",
      "POS",
      "Online",
      "Επί πιστώσει",
      "Έκπτωση",
      "Σύνολο",
    ],
    en: ["No", "Date", "Time", "Source", "Table", "Type", "Cash", "POS", "Online", "On credit", "Discount", "Total"],
  },
} as const;

/** The consumption table of a scope as CSV: one line per product, as the screen lists it. */
export async function exportConsumptionCsv(db: Db, scope: StatsScope, lang: "el" | "en"): Promise<string> {
  const stats = await loadIncomeStats(db, scope);
  return csvFile([[...HEADERS.consumption[lang]], ...stats.productCount.map((p) => [p.name, p.count, csvEuros(p.amount)])]);
}

/**
 * The completed payments of a scope as CSV, oldest first, each split by method as the totals
 * count it, and each cancelled receipt as a line of type CREDIT_NOTE with its amounts taken back
 * at its issue. An area filter does not apply here: a payment is not of one area.
 */
export async function exportPaymentsCsv(db: Queryable, scope: StatsScope, lang: "el" | "en"): Promise<string> {
  const result = (await db.execute(sql`
    with scoped as (${scopedPaymentsSql({ ...scope, areaIds: [] })}
      union all ${reversedPaymentsSql({ ...scope, areaIds: [] })})
    select s.id, to_char(s.completed_at at time zone ${STATS_TIME_ZONE}, 'YYYY-MM-DD') as day,
      to_char(s.completed_at at time zone ${STATS_TIME_ZONE}, 'HH24:MI:SS') as time, s.source, s.table_name, s.type,
      s.cash_cents, s.card_cents, s.on_credit_cents, s.discount_cents, s.amount_cents,
      (s.provider is null or s.card_terminal_id is not null) as is_pos
    from scoped s order by s.completed_at, s.id`)) as unknown as {
    rows: {
      id: number;
      day: string;
      time: string;
      source: string;
      table_name: string | null;
      type: string;
      cash_cents: number;
      card_cents: number;
      on_credit_cents: number;
      discount_cents: number;
      amount_cents: number;
      is_pos: boolean;
    }[];
  };
  return csvFile([
    [...HEADERS.payments[lang]],
    ...result.rows.map((p) => [
      p.id,
      p.day,
      p.time,
      p.source,
      p.table_name ?? "",
      p.type,
      csvEuros(Number(p.cash_cents)),
      csvEuros(p.is_pos ? Number(p.card_cents) : 0),
      csvEuros(p.is_pos ? 0 : Number(p.card_cents)),
      csvEuros(Number(p.on_credit_cents)),
      csvEuros(Number(p.discount_cents)),
      csvEuros(Number(p.amount_cents)),
    ]),
  ]);
}
