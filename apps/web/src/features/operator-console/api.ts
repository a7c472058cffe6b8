import type {
  ContactRequestRow,
  ContactRequestStatus,
  CreatedVenue,
  CreateVenueInput,
  OperatorVenue,
  SetPasswordLink,
} from "@tableorder/domain/contracts/operator";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../lib/api-client.ts";

/** The platform operator's console (issue 18): every call under one key, refreshed together. */
const CONSOLE_KEY = ["operator"] as const;
const REQUESTS_KEY = [...CONSOLE_KEY, "contact-requests"] as const;
const VENUES_KEY = [...CONSOLE_KEY, "venues"] as const;

export function useContactRequests() {
  return useQuery({
    queryKey: REQUESTS_KEY,
    queryFn: ({ signal }) => apiGet<ContactRequestRow[]>("/api/operator/contact-requests", { signal }),
  });
}

/** The venues with their signs of life, refreshed each minute while the console is open. */
export function useOperatorVenues() {
  return useQuery({
    queryKey: VENUES_KEY,
    queryFn: ({ signal }) => apiGet<OperatorVenue[]>("/api/operator/venues", { signal }),
    refetchInterval: 60_000,
  });
}

export function useSetContactRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: Exclude<ContactRequestStatus, "VENUE_CREATED"> }) =>
      (await apiFetch<ContactRequestRow>(`/api/operator/contact-requests/${id}/status`, { method: "PUT", body: { status } }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}

/** Field errors stay on the form (quiet); a request it answers turns "became a venue". */
export function useCreateVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: CreateVenueInput) =>
      (await apiFetch<CreatedVenue>("/api/operator/venues", { method: "POST", body: form, quiet: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}

export function useSetVenueDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, disabled }: { id: number; disabled: boolean }) =>
      (await apiFetch<OperatorVenue>(`/api/operator/venues/${id}/status`, { method: "PUT", body: { disabled } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VENUES_KEY }),
  });
}

/** A new set-password link for a venue's first administrator; the earlier one stops working. */
export function useReissueAdminLink() {
  return useMutation({
    mutationFn: async (venueId: number) =>
      (await apiFetch<SetPasswordLink>(`/api/operator/venues/${venueId}/admin-link`, { method: "POST" })).data,
  });
}
