import { z } from "zod";
import { SERVICE_MODES } from "../enums.ts";
import { id } from "./common.ts";

/**
 * The owner's statistics (spec 3 §2.2, §2.4, §3 income stats and stats request, §5 stats filters,
 * §7.3, §9 stats groups). Money is integer cents like the rest of the API; dates are the venue's
 * calendar days in Europe/Athens (YYYY-MM-DD) and times its wall-clock minutes (HH:mm).
 */

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const YYYY_MM_DD = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** A calendar day that exists (2026-02-30 does not). */
const calendarDay = z
  .string()
  // Abort: the day check below cannot judge text that is no date (new Date() would throw).
  .regex(YYYY_MM_DD, { message: "stats.date.invalid", abort: true })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "stats.date.invalid");

/** Hours 0-23 and minutes 0-59, two digits each (spec 3 §5). */
const wallTime = z.string().regex(HH_MM, "stats.time.invalid");

export const statsDateFilters = z.object({
  startDate: calendarDay,
  /** Inclusive; absent means the start day alone. */
  endDate: calendarDay.optional(),
});
export const statsTimeFilters = z.object({
  startTime: wallTime,
  /** Inclusive to the minute: 23:59 reaches the end of the day. */
  endTime: wallTime,
});

/** POST api/stats (spec 3 §3 stats request). No filter at all means today, live. */
export const statsRequest = z.object({
  live: z.boolean().optional(),
  dateFilters: statsDateFilters.nullish(),
  timeFilters: statsTimeFilters.nullish(),
  orderSourceFilters: z.array(z.enum(SERVICE_MODES)).max(SERVICE_MODES.length).optional(),
  tableFilters: z.array(id).max(500).optional(),
  prepAreaFilters: z.array(id).max(100).optional(),
});
export type StatsRequest = z.infer<typeof statsRequest>;

/** One line of the consumption table: pieces sold (paid or given) and what they brought in. */
export const productCount = z.object({
  name: z.string(),
  /** Cents actually collected for these pieces: price less discount, gifts at 0. */
  amount: z.number().int(),
  count: z.number().int(),
});
export type ProductCount = z.infer<typeof productCount>;

/** A point of the income chart: an hour of the day (0-23) or a calendar day, split by method. */
export const incomePoint = z.object({
  /** "00".."23" for a day's chart, YYYY-MM-DD for a range's. */
  key: z.string(),
  cash: z.number().int(),
  pos: z.number().int(),
  online: z.number().int(),
  onCredit: z.number().int(),
});
export type IncomePoint = z.infer<typeof incomePoint>;

/**
 * The income stats (spec 3 §3). Payments count when COMPLETED, at their completion time; gifts at
 * their payment's; cancellations at the moment of cancelling.
 */
/** Tips by how they were left: cash, card at a terminal (POS), card online. */
const tipMethodTotals = {
  cash: z.number().int(),
  pos: z.number().int(),
  online: z.number().int(),
  total: z.number().int(),
};

/**
 * Beyond the spec (issue 32): "Φιλοδωρήματα", the tips left with the payments completed in the
 * period, kept apart from the income (no figure above counts them). By method, and by the staff
 * member who collected them; tips left online with no staff collecting have userId null. A credit
 * note does not take a tip back (docs/decisions/044), and an area filter does not apply (a tip is
 * of a payment, not of an area).
 */
export const tipsStats = z.object({
  ...tipMethodTotals,
  byWaiter: z.array(z.object({ userId: z.number().nullable(), name: z.string(), ...tipMethodTotals })),
});
export type TipsStats = z.infer<typeof tipsStats>;

export const incomeStats = z.object({
  cashTotal: z.number().int(),
  /** Card at the venue's card terminals. */
  posTotal: z.number().int(),
  /** Card paid online by guests. */
  onlineTotal: z.number().int(),
  onCreditTotal: z.number().int(),
  /** The menu price of the pieces given away. */
  giftsTotal: z.number().int(),
  /** The menu price of the pieces cancelled. */
  cancelledTotal: z.number().int(),
  discountsTotal: z.number().int(),
  /** Table services: dine-in table sessions with a completed payment in the period. */
  tablesTotal: z.number().int(),
  productCount: z.array(productCount),
  // Beyond the spec: what the screen and the report show alongside.
  /** Take-aways served (their sessions with a completed payment). */
  takeAwaysTotal: z.number().int(),
  /** Cash-register sales completed. */
  registerSalesTotal: z.number().int(),
  /** The period the figures are of, in Athens calendar days (today when unfiltered). */
  startDate: z.string(),
  endDate: z.string(),
  live: z.boolean(),
  /** Income by hour (one day) or by day (a range), split by method. */
  chart: z.object({ bucket: z.enum(["HOUR", "DAY"]), points: z.array(incomePoint) }),
  /** Beyond the spec (issue 32): the tips, apart from the income. */
  tips: tipsStats,
});
export type IncomeStats = z.infer<typeof incomeStats>;

/** GET api/stats/active-tables: the venue's tables (for the TABLE filter), with whether one is open now. */
export const statsTable = z.object({ id: z.number(), name: z.string(), isOpen: z.boolean() });
export type StatsTable = z.infer<typeof statsTable>;
export const statsTables = z.array(statsTable);

/** A preparation area as the PREPARATION filter lists it (GET api/stats/prep-areas). */
export const statsPrepArea = z.object({ id: z.number(), name: z.string() });
export const statsPrepAreas = z.array(statsPrepArea);

/** GET api/stats/today: the admin landing page's figures, for today's Athens business day. */
export const todayGlance = z.object({
  /** Money collected today (cash and card), less the receipts cancelled today; on-credit parts are not collected. */
  incomeTotal: z.number().int(),
  /** What today's collections left on credit (owed, not collected), less the credit notes of today (issue 28 A9). */
  owedTotal: z.number().int(),
  openTables: z.number().int(),
  itemsInPreparation: z.number().int(),
  /** Average seconds from order to ready (SENT → PREPARED) per area, over today's prepared pieces. */
  preparationTimes: z.array(
    z.object({ areaId: z.number(), areaName: z.string(), averageSeconds: z.number().int(), count: z.number().int() }),
  ),
  /** Fiscal documents not yet transmitted. */
  documentsPending: z.number().int(),
});
export type TodayGlance = z.infer<typeof todayGlance>;

/** Pushed on STATS_QUEUE (ADMIN only) when today's figures change: today's stats, unfiltered. */
export const STATS_QUEUE = "/user/queue/admin/stats";
