import type { completePaymentResponse, failPaymentResponse } from "@tableorder/domain/contracts/online-payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "../../../lib/api-client.ts";

export type CompletedPayment = z.infer<typeof completePaymentResponse>;

/**
 * Confirms a card payment the provider sent the guest back from (spec 1 §7, complete-payment?s&t):
 * the server asks the provider before paying anything. One attempt: a replay pays nothing anyway.
 */
export const completePaymentQuery = (s: string, t: string) =>
  queryOptions({
    queryKey: ["online-payment", "complete", s, t],
    queryFn: () => apiGet<CompletedPayment>(`/api/orders/complete-payment?s=${encodeURIComponent(s)}&t=${encodeURIComponent(t)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCompletePayment = (s: string, t: string, enabled: boolean) =>
  useQuery({ ...completePaymentQuery(s, t), enabled });

/** Reports a failed card payment (fail-payment?s): the held pieces are released; answers the table code. */
export const failPaymentQuery = (s: string) =>
  queryOptions({
    queryKey: ["online-payment", "fail", s],
    queryFn: () =>
      apiGet<z.infer<typeof failPaymentResponse>>(`/api/orders/fail-payment?s=${encodeURIComponent(s)}`, { quiet: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useFailPayment = (s: string | null) => useQuery({ ...failPaymentQuery(s ?? ""), enabled: Boolean(s) });
