import type { CreatePreparationAreaInput, CrmPreparationArea } from "@tableorder/domain/contracts/crm-preparation-areas";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../lib/api-client.ts";

export const AREAS_KEY = ["crm", "preparation-areas"] as const;

export function useCrmAreas() {
  return useQuery({
    queryKey: AREAS_KEY,
    queryFn: ({ signal }) => apiGet<CrmPreparationArea[]>("/api/crm/preparation-areas", { signal }),
  });
}

/** One area's query, under the list's key so a change to the list refreshes it too. */
export const areaKey = (id: number | null) => [...AREAS_KEY, id] as const;

export function useCrmArea(id: number | null) {
  return useQuery({
    queryKey: areaKey(id),
    queryFn: ({ signal }) => apiGet<CrmPreparationArea>(`/api/crm/preparation-area/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** On edit an empty password is left out, so the current one stays (spec 3 §5). */
export async function saveArea(id: number | null, body: CreatePreparationAreaInput): Promise<CrmPreparationArea> {
  const { password, ...rest } = body;
  const payload = id !== null && !password ? rest : body;
  const path = id === null ? "/api/crm/preparation-area" : `/api/crm/preparation-area/${id}`;
  return (await apiFetch<CrmPreparationArea>(path, { method: id === null ? "POST" : "PUT", body: payload, quiet: true })).data;
}

export async function deleteArea(id: number): Promise<void> {
  await apiFetch(`/api/crm/preparation-area/${id}`, { method: "DELETE" });
}
