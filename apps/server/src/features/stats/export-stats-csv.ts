import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { loadIncomeStats } from "./load-income-stats.ts";
import { scopedPaymentsSql } from "./stats-facts.ts";
import { STATS_TIME_ZONE, type StatsScope } from "./stats-scope.ts";

/**
 * CSV for the accountant (issue 14): `;`-separated with a decimal comma and a UTF-8 byte order
 * mark, CRLF line ends, the way Greek Excel opens a file by double-click; amounts in euros.
 */
const BOM = "\uFEFF";
const euros = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const cell = (value: string | number) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csv = (rows: (string | number)[][]) => `${BOM}${rows.map((r) => r.map(cell).join(";")).join("\r\n")}\r\n`;

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
  return csv([[...HEADERS.consumption[lang]], ...stats.productCount.map((p) => [p.name, p.count, euros(p.amount)])]);
}

/**
 * The completed payments of a scope as CSV, oldest first, each split by method as the totals
 * count it. An area filter does not apply here: a payment is not of one area.
 */
export async function exportPaymentsCsv(db: Queryable, scope: StatsScope, lang: "el" | "en"): Promise<string> {
  const result = (await db.execute(sql`
    with scoped as (${scopedPaymentsSql({ ...scope, areaIds: [] })})
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
  return csv([
    [...HEADERS.payments[lang]],
    ...result.rows.map((p) => [
      p.id,
      p.day,
      p.time,
      p.source,
      p.table_name ?? "",
      p.type,
      euros(Number(p.cash_cents)),
      euros(p.is_pos ? Number(p.card_cents) : 0),
      euros(p.is_pos ? 0 : Number(p.card_cents)),
      euros(Number(p.on_credit_cents)),
      euros(Number(p.discount_cents)),
      euros(Number(p.amount_cents)),
    ]),
  ]);
}
