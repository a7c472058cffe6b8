import type { ShopSettings, ShopSettingsInput } from "@tableorder/domain/contracts/crm-retailer";
import type { RetailerType } from "@tableorder/domain/enums";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../lib/api-client.ts";

/** The dashboard reads the same record for the venue's name. */
export const RETAILER_KEY = ["crm", "retailer"] as const;

/** GET api/crm/retailer (ADMIN only: never call it for the cash desk, a 403 ends the session). */
export function useShopSettings() {
  return useQuery({ queryKey: RETAILER_KEY, queryFn: ({ signal }) => apiGet<ShopSettings>("/api/crm/retailer", { signal }) });
}

export function useRetailerTypes() {
  return useQuery({
    queryKey: ["crm", "retailer-types"],
    queryFn: ({ signal }) => apiGet<RetailerType[]>("/api/crm/retailer/types", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every main cuisine, named in both languages. */
export function useCuisineTypes() {
  return useQuery({
    queryKey: ["crm", "cuisine-types", "all"],
    queryFn: ({ signal }) =>
      apiGet<{ code: string; name: string; nameEng: string }[]>("/api/home-page/cuisine-types?all", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves the three groups; an empty password is left out, so the current one stays (spec 3 §5). */
export async function saveShopSettings(body: ShopSettingsInput): Promise<ShopSettings> {
  const { password, ...rest } = body;
  const payload = password ? body : rest;
  return (await apiFetch<ShopSettings>("/api/crm/retailer", { method: "POST", body: payload, quiet: true })).data;
}
