import type { Account } from "@tableorder/domain/contracts/auth";
import { useOutletContext } from "react-router";
import { storedValue } from "../../../lib/stored-value.ts";

/** What every customer screen knows once the guest is signed in and checked in at the table. */
export interface CustomerContext {
  tableId: number;
  tableCode: string;
  account: Account;
}

export function useCustomerContext(): CustomerContext {
  return useOutletContext<CustomerContext>();
}

/**
 * What the menu page is given before the guest is signed in and checked in: the layout shows it
 * under the sign-in popup, and the same page goes on once checked in (what was tapped stays).
 */
export interface MenuPreviewContext {
  tableId: number;
  tableCode: string;
  checkedIn: false;
}

export function useMenuContext(): { tableId: number; tableCode: string; checkedIn: boolean } {
  const context = useOutletContext<CustomerContext | MenuPreviewContext>();
  return { tableId: context.tableId, tableCode: context.tableCode, checkedIn: !("checkedIn" in context) };
}

export const tablePath = (tableCode: string, sub = "") =>
  `/service/customer/${encodeURIComponent(tableCode)}${sub ? `/${sub}` : ""}`;

/**
 * The code of the table this tab last sat at: the card provider's failure return may not say
 * which table it was (no or an unknown s), and the guest still needs a way back to it.
 */
export const lastTableCode = storedValue<string | null>(
  "session",
  "guestTableCode",
  (raw) => raw || null,
  (code) => code ?? "",
);
