import type {
  NewOrderCard,
  StaffTableFeed,
  StatusChangeResponse,
  TableAssignment,
  WaiterFeedItem,
} from "@tableorder/domain/contracts/waiter";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api-client.ts";
import { sendStaffAction, staffAction } from "../../../lib/staff-action.ts";
import { sortNewOrders, sortTasks } from "../apply-waiter-message.ts";

/** Pushes keep the feed current; this slow refetch is only a safety net for a lost message. */
export const WAITER_FEED_SAFETY_REFETCH_MS = 60_000;

export const waiterFeedQueryKey = ["waiter-feed"] as const;
export const newOrdersQueryKey = ["waiter-new-orders"] as const;
export const waiterRequestQueryKey = (requestId: number) => ["waiter-request", requestId] as const;
export const staffTableFeedQueryKey = (tableId: number) => ["staff-table-feed", tableId] as const;
export const tableAssignmentsQueryKey = ["table-assignments"] as const;

export function useWaiterFeed() {
  return useQuery({
    queryKey: waiterFeedQueryKey,
    queryFn: async ({ signal }) =>
      sortTasks(await apiGet<WaiterFeedItem[]>("/api/feed/get-employee-feed", { signal, quiet: true })),
    refetchInterval: WAITER_FEED_SAFETY_REFETCH_MS,
  });
}

/** The new-order information cards (docs/decisions/041-new-order-cards.md), kept live like the tasks. */
export function useNewOrderCards() {
  return useQuery({
    queryKey: newOrdersQueryKey,
    queryFn: async ({ signal }) =>
      sortNewOrders(await apiGet<NewOrderCard[]>("/api/feed/get-employee-feed/new-orders", { signal, quiet: true })),
    refetchInterval: WAITER_FEED_SAFETY_REFETCH_MS,
  });
}

/** One request's card; a failed load is the caller's to handle (spec 2 §4.8: go back). */
export function useWaiterRequest(requestId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: waiterRequestQueryKey(requestId),
    queryFn: ({ signal }) => apiGet<WaiterFeedItem>(`/api/feed/get-employee-feed/request/${requestId}`, { signal, quiet: true }),
    retry: false,
  });
}

export function useStaffTableFeed(tableId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: staffTableFeedQueryKey(tableId),
    queryFn: ({ signal }) => apiGet<StaffTableFeed>(`/api/feed/table/${tableId}/products`, { signal }),
  });
}

export function useTableAssignments() {
  return useQuery({
    queryKey: tableAssignmentsQueryKey,
    queryFn: ({ signal }) => apiGet<TableAssignment[]>("/api/feed/get-table-assignments?onlyAssigned=false", { signal }),
  });
}

/** Delivers pieces (PREPARED→COMPLETE; waiter-served SENT→COMPLETE): the body is a bare id array. */
export function nextStatus(orderProductIds: number[]): Promise<StatusChangeResponse> {
  return sendStaffAction<StatusChangeResponse>(staffAction("POST", "/api/feed/next-status", orderProductIds));
}

export function undoStatus(orderProductIds: number[]): Promise<StatusChangeResponse> {
  return sendStaffAction<StatusChangeResponse>(staffAction("POST", "/api/feed/undo-status", { orderProductIds }));
}

export function completeRequest(requestId: number): Promise<unknown> {
  return sendStaffAction<unknown>(staffAction("POST", `/api/feed/complete-request/${requestId}`, {}));
}

function useRefreshWaiterData() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
    void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
  };
}

export function useUndoStatus() {
  const refresh = useRefreshWaiterData();
  return useMutation({ mutationFn: undoStatus, onSettled: refresh });
}

export function useAssignMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, active }: { tableId: number; active: boolean }) =>
      apiPost<unknown>(`/api/feed/${tableId}/assign-me`, { active }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tableAssignmentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
    },
  });
}
