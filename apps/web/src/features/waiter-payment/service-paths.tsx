import type { ServiceMode } from "@tableorder/domain/enums";
import { createContext, type ReactNode, useContext } from "react";

/**
 * Where a table's screens live. The table feed, the menu, the basket review and the whole payment
 * flow are one implementation mounted in two places: the waiter's app (/service/wait/{id}/{label}/…)
 * and the cash desk's service modal ({admin}/cash-desk/tables/table/{id}/{label}/…). Each mount
 * provides its paths; the screens ask here instead of naming a base path.
 */
export interface ServicePaths {
  /** The table's feed; the payment sub-routes hang under it. */
  feedPath(tableId: number, label: string): string;
  /** One of the table's other screens: menu-categories, menu-category-items/{id}, order. */
  tablePath(tableId: number, label: string, rest: string): string;
  /** A waiter's request, whose payment sub-routes hang under it (the waiter's app only). */
  requestPath(requestId: number): string;
  /** Where to go once an order for the table was sent. */
  afterOrderSent(tableId: number, label: string): string;
  /** The menu's prices: a take-away is ordered at take-away prices. */
  serviceMode: Extract<ServiceMode, "DINE_IN" | "TAKE_AWAY">;
  /** The basket's store key for the table (a take-away's basket is its own). */
  basketCode(tableId: number): string;
  /** Whether the bill can move to another table (not for a take-away). */
  canTransfer: boolean;
  /**
   * Whether the feed offers a full cash payment as a button of its own, beside the collect button:
   * the till closes a table in cash in three taps (card, this, collect). The waiter's phone has the
   * collect button's long press instead.
   */
  quickCashSettle: boolean;
  /** How the table is named in titles: "Τραπέζι 3" or "Πακέτο 3" (an i18n key taking {{name}}). */
  labelKey: string;
}

/** The waiter's app (spec 2 §2.2), the default when no other mount says otherwise. */
export const WAITER_ROOT = "/service/wait";

const encoded = (tableId: number, label: string) => `${tableId}/${encodeURIComponent(label)}`;

export const waiterServicePaths: ServicePaths = {
  feedPath: (tableId, label) => `${WAITER_ROOT}/${encoded(tableId, label)}/feed`,
  tablePath: (tableId, label, rest) => `${WAITER_ROOT}/${encoded(tableId, label)}/${rest}`,
  requestPath: (requestId) => `${WAITER_ROOT}/request/${requestId}`,
  afterOrderSent: () => `${WAITER_ROOT}/select-table/order`,
  serviceMode: "DINE_IN",
  // Its own key, apart from any guest's basket on this device.
  basketCode: (tableId) => `waiter:${tableId}`,
  canTransfer: true,
  quickCashSettle: false,
  labelKey: "waiter.table",
};

/**
 * The cash desk's service modal for a table or a take-away: `{tabPath}/{kind}/{id}/{label}` is
 * the feed, the other screens hang under it, and a sent order returns to the feed.
 */
export function cashDeskServicePaths(options: { tabPath: string; mode: "table" | "take-away" }): ServicePaths {
  const { tabPath, mode } = options;
  const kind = mode === "table" ? "table" : "take-away";
  const feedPath = (tableId: number, label: string) => `${tabPath}/${kind}/${encoded(tableId, label)}`;
  return {
    feedPath,
    tablePath: (tableId, label, rest) => `${feedPath(tableId, label)}/${rest}`,
    // The cash desk opens no waiter requests: a request's path leads back to the tab.
    requestPath: () => tabPath,
    afterOrderSent: feedPath,
    serviceMode: mode === "table" ? "DINE_IN" : "TAKE_AWAY",
    basketCode: (tableId) => (mode === "table" ? `cash-desk:${tableId}` : `cash-desk:take-away:${tableId}`),
    canTransfer: mode === "table",
    quickCashSettle: true,
    labelKey: mode === "table" ? "waiter.table" : "waiterPay.takeAway",
  };
}

const ServicePathsContext = createContext<ServicePaths>(waiterServicePaths);

export function ServicePathsProvider({ paths, children }: { paths: ServicePaths; children: ReactNode }) {
  return <ServicePathsContext.Provider value={paths}>{children}</ServicePathsContext.Provider>;
}

/** The paths of the mount the screen is shown in. */
export const useServicePaths = () => useContext(ServicePathsContext);
