import type { GuestRatingState } from "@tableorder/domain/contracts/ratings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { visitRatingKey } from "./get-visit-rating.ts";

export interface VisitRatingInput {
  stars: number;
  comment: string | null;
}

/** POST api/cq-table/{tableId}/rating: saves the guest's stars and comment (a later save changes them). */
export function rateVisit(tableId: number, input: VisitRatingInput): Promise<GuestRatingState> {
  return apiPost<GuestRatingState>(`/api/cq-table/${tableId}/rating`, input);
}

export function useRateVisit(tableId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VisitRatingInput) => rateVisit(tableId, input),
    onSuccess: (state) => queryClient.setQueryData(visitRatingKey(tableId), state),
  });
}
