import { type CashDeskStatus, cashDeskStatus } from "@tableorder/domain/contracts/cash-desk";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { cashDeskStatusQueryKey, useCashDeskStatus } from "../api/get-cash-desk-status.ts";

export const CASH_DESK_STATUS_QUEUE = "/user/queue/admin/cash-desk-status";

/** Whether anything waits on the till; one flag for the header's dot. */
export function needsAttention(status: CashDeskStatus | undefined): boolean {
  return Boolean(status && (status.hasUnbilled || status.hasUnbilledTakeAway || status.hasUnprinted));
}

/**
 * The cash desk's status, kept live for the whole admin area (the header's dot and the red tabs):
 * each push replaces it; after every (re)connection it is read again.
 */
export function useLiveCashDeskStatus(): { status: CashDeskStatus | undefined; realtime: RealtimeStatus } {
  const queryClient = useQueryClient();
  const query = useCashDeskStatus();
  const realtime = useRealtime(
    CASH_DESK_STATUS_QUEUE,
    (body) => {
      const parsed = cashDeskStatus.safeParse(body);
      if (parsed.success) queryClient.setQueryData(cashDeskStatusQueryKey, parsed.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: cashDeskStatusQueryKey }),
  );
  return { status: query.data, realtime };
}
