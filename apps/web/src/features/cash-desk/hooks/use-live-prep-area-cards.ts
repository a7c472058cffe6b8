import { cashDeskPrepAreaCards } from "@tableorder/domain/contracts/cash-desk";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { prepAreaCardsQueryKey } from "../api/get-prep-area-cards.ts";

export const PREP_AREAS_QUEUE = "/user/queue/admin/cash-desk-prep-areas";

/** The preparation areas' cards: each push carries the whole list, which replaces the one shown. */
export function useLivePrepAreaCards(): RealtimeStatus {
  const queryClient = useQueryClient();
  return useRealtime(
    PREP_AREAS_QUEUE,
    (body) => {
      const parsed = cashDeskPrepAreaCards.safeParse(body);
      if (parsed.success) queryClient.setQueryData(prepAreaCardsQueryKey, parsed.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: prepAreaCardsQueryKey }),
  );
}
