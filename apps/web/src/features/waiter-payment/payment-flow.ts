import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { useParams, useSearchParams } from "react-router";
import { useStaffTableFeed, useWaiterRequest } from "../waiter-tasks/api/waiter-api.ts";
import { useServicePaths } from "./service-paths.tsx";

/** Payment types as the routes name them (spec 2 §2.2) and as the success toasts key them. */
export const PAYMENT_TYPE_ROUTES = { full: "full-payment", partial: "partial-payment", gift: "gift-payment" } as const;
export type PaymentTypeKey = keyof typeof PAYMENT_TYPE_ROUTES;
export const PAYMENT_TYPE_OF_ROUTE: Record<string, PaymentTypeKey> = {
  "full-payment": "full",
  "partial-payment": "partial",
  "gift-payment": "gift",
};
export const SERVER_PAYMENT_TYPE: Record<PaymentTypeKey, "FULL" | "PARTIAL" | "GIFT"> = {
  full: "FULL",
  partial: "PARTIAL",
  gift: "GIFT",
};

/** Payment methods as the routes name them (spec 2 §2.2); gifts use no-payment. */
export const PAYMENT_METHOD_ROUTES = {
  cash: "cash-payment",
  card: "card-payment",
  credit: "credit-payment",
  none: "no-payment",
} as const;
export type PaymentMethodKey = keyof typeof PAYMENT_METHOD_ROUTES;
export const PAYMENT_METHOD_OF_ROUTE: Record<string, PaymentMethodKey> = {
  "cash-payment": "cash",
  "card-payment": "card",
  "credit-payment": "credit",
  "no-payment": "none",
};

/** The query parameters of the payment flow (spec 2 §2.2). */
export const FLOW_PARAMS = [
  "selectedProducts",
  "totalPrice",
  "totalCount",
  "returnTo",
  "terminalLabel",
  "tableId",
  "shouldReturnAllFeedItems",
] as const;
export type FlowParam = (typeof FLOW_PARAMS)[number];

/** The flow's parameters carried to the next screen, with some set (null removes one). */
export function flowQuery(current: URLSearchParams, changes: Partial<Record<FlowParam, string | null>> = {}): string {
  const next = new URLSearchParams();
  for (const name of FLOW_PARAMS) {
    const value = name in changes ? changes[name] : current.get(name);
    if (value != null && value !== "") next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

/**
 * Where a payment happens: a table's feed (see service-paths.tsx) or a request's task page
 * (request/{requestId}/...). It names the table, the unpaid lines the flow may collect (the
 * request's, or every unpaid line of the table with shouldReturnAllFeedItems=true), where the
 * sub-routes hang and where the flow returns to.
 */
export interface PaymentScope {
  mode: "table" | "request";
  requestId: number | null;
  tableId: number;
  label: string;
  basePath: string;
  /** The table feed the flow ends on (returnTo when given). */
  returnTo: string;
  unpaid: TableFeedItem[] | undefined;
  loading: boolean;
  failed: boolean;
}

export function usePaymentScope(): PaymentScope {
  const paths = useServicePaths();
  const params = useParams();
  const [search] = useSearchParams();
  const requestId = params.requestId === undefined ? null : Number(params.requestId);
  const request = useWaiterRequest(requestId ?? 0, requestId !== null);
  const allItems = requestId === null || search.get("shouldReturnAllFeedItems") === "true";
  const tableId = requestId === null ? Number(params.id) : (request.data?.placementId ?? (Number(search.get("tableId")) || 0));
  const table = useStaffTableFeed(tableId, allItems && tableId > 0);
  const label = requestId === null ? (params.label ?? "") : (request.data?.placement ?? table.data?.label ?? "");
  const basePath = requestId === null ? paths.feedPath(tableId, label) : paths.requestPath(requestId);
  const returnTo = search.get("returnTo") ?? paths.feedPath(tableId, label);
  const unpaid = allItems
    ? table.data?.unpaidTableFeed
    : request.data?.items.filter((item) => item.paymentStatus === "UNPAID" && item.quantity > 0);
  const source = allItems ? table : request;
  return {
    mode: requestId === null ? "table" : "request",
    requestId,
    tableId,
    label,
    basePath,
    returnTo,
    unpaid,
    loading: source.isPending || (requestId !== null && request.isPending),
    failed: source.isError,
  };
}
