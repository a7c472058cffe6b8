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
