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
      "Φιλοδώρημα",
      "Είσπραξη από",
    ],
    en: [
      "No",
      "Date",
      "Time",
      "Source",
      "Table",
      "Type",
      "Cash",
      "POS",
      "Online",
      "On credit",
      "Discount",
      "Total",
      "Tip",
      "Collected by",
    ],
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
 * at its issue. An area filter does not apply here: a payment is not of one area. Beyond the
 * spec (issue 32), each payment's tip follows its total, apart from it (a credit note line takes
 * no tip back, decision 044), and who collected it (empty for a guest's online payment).
 */
export async function exportPaymentsCsv(db: Queryable, scope: StatsScope, lang: "el" | "en"): Promise<string> {
  const result = (await db.execute(sql`
    with scoped as (${scopedPaymentsSql({ ...scope, areaIds: [] })}
      union all ${reversedPaymentsSql({ ...scope, areaIds: [] })})
    select s.id, to_char(s.completed_at at time zone ${STATS_TIME_ZONE}, 'YYYY-MM-DD') as day,
      to_char(s.completed_at at time zone ${STATS_TIME_ZONE}, 'HH24:MI:SS') as time, s.source, s.table_name, s.type,
      s.cash_cents, s.card_cents, s.on_credit_cents, s.discount_cents, s.amount_cents,
      (s.provider is null or s.card_terminal_id is not null) as is_pos,
      case when s.type = 'CREDIT_NOTE' then 0 else (select p.tip_cents from payments p where p.id = s.id) end as tip_cents,
      (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.login)
        from payments p join users u on u.id = p.collected_by_user_id where p.id = s.id) as collected_by
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
      tip_cents: number;
      collected_by: string | null;
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
      csvEuros(Number(p.tip_cents)),
      p.collected_by ?? "",
    ]),
  ]);
}
