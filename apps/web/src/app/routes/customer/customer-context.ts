import type { Account } from "@tableorder/domain/contracts/auth";
import { useOutletContext } from "react-router";

/** What every customer screen knows once the guest is signed in and checked in at the table. */
export interface CustomerContext {
  tableId: number;
  tableCode: string;
  account: Account;
}

export function useCustomerContext(): CustomerContext {
  return useOutletContext<CustomerContext>();
}

export const tablePath = (tableCode: string, sub = "") =>
  `/service/customer/${encodeURIComponent(tableCode)}${sub ? `/${sub}` : ""}`;
