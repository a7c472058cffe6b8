import type { InvoicingDetails } from "@tableorder/domain/contracts/card-terminals";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const INVOICING_DETAILS_KEY = ["crm", "invoicing-details"] as const;

/** GET api/crm/invoicing-details (ADMIN only): tax details, terminals, myDATA credentials masked. */
export function useInvoicingDetails() {
  return useQuery({
    queryKey: INVOICING_DETAILS_KEY,
    queryFn: ({ signal }) => apiGet<InvoicingDetails>("/api/crm/invoicing-details", { signal }),
  });
}
