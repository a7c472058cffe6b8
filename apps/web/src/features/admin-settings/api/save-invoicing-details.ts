import type { InvoicingDetails, InvoicingDetailsInput } from "@tableorder/domain/contracts/card-terminals";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * POST api/crm/invoicing-details. Quiet: the screen puts field errors on their fields and shows
 * the toggle's refusal (spec 3 §8) itself. A credential left empty is not sent, so it is kept.
 */
export async function saveInvoicingDetails(body: InvoicingDetailsInput): Promise<InvoicingDetails> {
  const payload = { ...body };
  if (!payload.myDataUserId) delete payload.myDataUserId;
  if (!payload.myDataSubscriptionKey) delete payload.myDataSubscriptionKey;
  return (await apiFetch<InvoicingDetails>("/api/crm/invoicing-details", { method: "POST", body: payload, quiet: true })).data;
}
