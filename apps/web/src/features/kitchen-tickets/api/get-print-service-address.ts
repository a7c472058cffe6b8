import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** Where the venue's print agent listens (ws://host:port), or null when the venue has none. */
export function getPrintServiceAddress(signal?: AbortSignal): Promise<{ address: string | null }> {
  return apiGet<{ address: string | null }>("/api/cuisine/ip", { signal, quiet: true });
}

export function usePrintServiceAddress(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ["print-service-address"],
      queryFn: ({ signal }) => getPrintServiceAddress(signal),
      enabled,
      // The venue rarely moves its agent; a new sign-in or a reload reads it again.
      staleTime: 5 * 60_000,
    }),
  );
}
