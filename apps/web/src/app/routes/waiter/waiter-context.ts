import type { Account } from "@tableorder/domain/contracts/auth";
import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import type { UseQueryResult } from "@tanstack/react-query";
import { useOutletContext } from "react-router";

export const WAITER_BASE_PATH = "/service/wait";

export interface WaiterContext {
  account: Account;
  feed: UseQueryResult<WaiterFeedItem[]>;
}

export const useWaiterContext = () => useOutletContext<WaiterContext>();

/**
 * A payment screen: a step under a table's feed or a request's task. It has its own back to the
 * table, so the header offers neither a second back nor Undo there.
 */
export function isPaymentScreen(pathname: string): boolean {
  const rest = pathname.startsWith(`${WAITER_BASE_PATH}/`) ? pathname.slice(WAITER_BASE_PATH.length + 1) : "";
  return /^(request\/[^/]+|[^/]+\/[^/]+\/feed)\/[^/]+/.test(rest);
}
