import type { IncomeStats } from "@tableorder/domain/contracts/stats";
import { groupStats } from "@tableorder/domain/stats/stats-groups";
import { billAmount } from "./bill-layout.ts";
import type { CodePageName } from "./escpos/code-pages.ts";
import { hangingLines } from "./escpos/wrap.ts";
import { athensTime, TicketWriter } from "./kitchen-ticket-layout.ts";

/** What printing reads of the income stats (spec 3 §3, §9); a whole `IncomeStats` answer fits. */
export type PrintableStatsReport = Pick<
  IncomeStats,
  | "cashTotal"
  | "posTotal"
  | "onlineTotal"
  | "onCreditTotal"
  | "giftsTotal"
  | "cancelledTotal"
  | "discountsTotal"
  | "tablesTotal"
  | "productCount"
  | "startDate"
  | "endDate"
> & {
  /** Beyond the spec (issue 32): the tips, apart from the income; absent from an older server. */
  tips?: Pick<IncomeStats["tips"], "cash" | "pos" | "online" | "total"> & {
    byWaiter: readonly Pick<IncomeStats["tips"]["byWaiter"][number], "userId" | "name" | "total">[];
  };
  venueName: string;
  /** The filters beyond the dates, as the screen words them ("12:00-15:55 · Στο τραπέζι"), if any. */
  filters?: string;
};

export interface StatsReportPrintOptions {
  bigLetters: boolean;
  codePage: CodePageName;
  now?: Date;
}

const day = (iso: string) => iso.split("-").reverse().join("/");

/**
 * The stats report on the till's 80 mm printer (spec 3 §7.7, §9), also the end-of-day report:
 * the venue, the period and its filters, the totals in the spec's groups (total income = cash +
 * POS + online + on credit; uncollected = gifts + cancellations + discounts; table services), the
 * tips apart from the income (by method and by who collected them; issue 32), then the
 * consumption "3x Χωριάτικη ... 28,50", and when it was printed.
 */
export function renderStatsReport(report: PrintableStatsReport, options: StatsReportPrintOptions): Uint8Array {
  const out = new TicketWriter(options);
  const size = out.bodySize;
  const width = out.width(size);
  const groups = groupStats(report);
  const printed = athensTime(options.now ?? new Date());

  if (report.venueName.trim()) out.block(report.venueName, { size, bold: true, align: "center" });
  out.block("ΑΝΑΦΟΡΑ ΣΤΑΤΙΣΤΙΚΩΝ", { size: out.headSize, bold: true, align: "center" });
  const period =
    report.startDate === report.endDate ? day(report.startDate) : `${day(report.startDate)} - ${day(report.endDate)}`;
  out.block(period, { size, bold: true, align: "center" });
  if (report.filters?.trim()) out.block(report.filters, { size: 1, align: "center" });
  out.rule();

  out.columns("ΣΥΝΟΛΙΚΑ ΕΣΟΔΑ", billAmount(groups.totalIncome), { size, bold: true });
  out.columns("  Μετρητά", billAmount(report.cashTotal), { size });
  out.columns("  POS", billAmount(report.posTotal), { size });
  out.columns("  Online", billAmount(report.onlineTotal), { size });
  out.columns("  Επί πιστώσει", billAmount(report.onCreditTotal), { size });
  out.columns("ΜΗ ΕΙΣΠΡΑΧΘΕΝΤΑ", billAmount(groups.uncollected), { size, bold: true });
  out.columns("  Κεράσματα", billAmount(report.giftsTotal), { size });
  out.columns("  Ακυρώσεις", billAmount(report.cancelledTotal), { size });
  out.columns("  Εκπτώσεις", billAmount(report.discountsTotal), { size });
  out.columns("Εξυπηρετήσεις τραπεζιών", String(groups.tableServices), { size, bold: true });
  out.rule();

  const tips = report.tips;
  if (tips && tips.total !== 0) {
    out.columns("ΦΙΛΟΔΩΡΗΜΑΤΑ", billAmount(tips.total), { size, bold: true });
    out.columns("  Μετρητά", billAmount(tips.cash), { size });
    out.columns("  POS", billAmount(tips.pos), { size });
    out.columns("  Online", billAmount(tips.online), { size });
    for (const waiter of tips.byWaiter) {
      const amount = billAmount(waiter.total);
      const name = out.printable(waiter.userId == null ? "Online (πελάτες)" : waiter.name);
      out.columns(`  ${name}`.slice(0, width - amount.length - 1), amount, { size });
    }
    out.rule();
  }

  out.block("ΚΑΤΑΝΑΛΩΣΗ", { size, bold: true });
  for (const line of report.productCount) {
    const amount = billAmount(line.amount);
    const name = hangingLines(`${line.count}x `, out.printable(line.name), width - amount.length - 1);
    const [first, ...rest] = name;
    out.lines([first.padEnd(width - amount.length) + out.printable(amount), ...rest], { size });
  }
  if (!report.productCount.length) out.block("-", { size });
  out.rule();
  out.block(`Εκτύπωση ${printed.time} ${printed.date}`, { size: 1, align: "center" });
  return out.finish();
}
