import type { PayOnlineInput, payOnlineResponse } from "@tableorder/domain/contracts/online-payments";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * Starts a card payment for these pieces, with the guest's tip (spec 1 §7, POST
 * api/orders/{tableId}/pay; issue 32) and answers where the provider's checkout is: the Location
 * header of the answer. Quiet: the screen asks about a tip the server wants confirmed, and says
 * every other error itself.
 */
export async function payOnline({ tableId, ...body }: { tableId: number } & PayOnlineInput): Promise<string> {
  const answer = await apiFetch<z.infer<typeof payOnlineResponse>>(`/api/orders/${tableId}/pay`, {
    method: "POST",
    body,
    quiet: true,
  });
  return answer.headers.get("Location") ?? answer.data.location;
}

/** Paying by card leaves the app: on success the browser goes to the provider's checkout. */
export function usePayOnline() {
  return useMutation({
    mutationFn: payOnline,
    onSuccess: (location) => {
      window.location.assign(location);
    },
  });
}
