import type { CreateWaiterInput, CrmWaiter, WaiterTableOption } from "@tableorder/domain/contracts/crm-waiters";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../lib/api-client.ts";

export const WAITERS_KEY = ["crm", "waiters"] as const;

export function useCrmWaiters() {
  return useQuery({ queryKey: WAITERS_KEY, queryFn: ({ signal }) => apiGet<CrmWaiter[]>("/api/crm/waiters", { signal }) });
}

/** One waiter's query, under the list's key so a change to the list refreshes it too. */
export const waiterKey = (id: number | null) => [...WAITERS_KEY, id] as const;

export function useCrmWaiter(id: number | null) {
  return useQuery({
    queryKey: waiterKey(id),
    queryFn: ({ signal }) => apiGet<CrmWaiter>(`/api/crm/waiter/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useWaiterTableOptions() {
  return useQuery({
    queryKey: [...WAITERS_KEY, "tables"],
    queryFn: ({ signal }) => apiGet<WaiterTableOption[]>("/api/crm/waiter/tables", { signal }),
  });
}

/** On edit an empty password is left out, so the current one stays (spec 3 §5). */
export async function saveWaiter(id: number | null, body: CreateWaiterInput): Promise<CrmWaiter> {
  const { password, ...rest } = body;
  const payload = id !== null && !password ? rest : body;
  const path = id === null ? "/api/crm/waiter" : `/api/crm/waiter/${id}`;
  return (await apiFetch<CrmWaiter>(path, { method: id === null ? "POST" : "PUT", body: payload, quiet: true })).data;
}

export async function deleteWaiter(id: number): Promise<void> {
  await apiFetch(`/api/crm/waiter/${id}`, { method: "DELETE" });
}
