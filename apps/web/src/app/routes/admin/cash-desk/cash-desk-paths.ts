/** {admin}/cash-desk (spec 3 §2.3); nested screens link absolutely, as the admin header does. */
export const CASH_DESK_BASE = "/service/admin/cash-desk";

/** The tabs, in the order shown; the first is where an unknown tab leads. */
export const CASH_DESK_TABS = ["tables", "take-away", "prep-areas", "history"] as const;
export type CashDeskTab = (typeof CASH_DESK_TABS)[number];
