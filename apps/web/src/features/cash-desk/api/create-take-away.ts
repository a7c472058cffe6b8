import type { CreateTakeAwayResponse } from "@tableorder/domain/contracts/cash-desk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { cashDeskCardsQueryKey } from "./get-cash-desk-cards.ts";

/** POST api/cash-desk/take-away: a new take-away with the day's next free label (spec 3 §4). */
export function createTakeAway(): Promise<CreateTakeAwayResponse> {
  return apiPost<CreateTakeAwayResponse>("/api/cash-desk/take-away");
}

/** The take-away list reads again: its card may arrive before or after the push. */
export function useCreateTakeAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTakeAway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashDeskCardsQueryKey("take-away") }),
  });
}
