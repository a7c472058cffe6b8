import type { BasketLine } from "@tableorder/domain/basket";
import { ApiError } from "../../lib/api-client.ts";
import { parseAppParams } from "../../lib/error-message.ts";

/**
 * The product an order was refused for (inactive_product: it ran out or its kitchen closed after
 * it went into the basket). The server names it in X-App-Params and in the body's params.
 */
export function refusedProductId(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.key !== "inactive_product") return null;
  const params =
    parseAppParams(error.headers?.get("X-App-Params")) ?? (error.body as { params?: Record<string, unknown> } | null)?.params;
  const id = params?.productId;
  return typeof id === "number" && Number.isInteger(id) ? id : null;
}

/**
 * The basket lines that cannot be sent now: their product is not orderable on the menu the guest
 * reads (off it, or shown as unavailable; only once it has loaded: an unread menu says nothing),
 * or the server refused it.
 */
export function unavailableLineKeys(
  lines: readonly BasketLine[],
  orderableProductIds: ReadonlySet<number> | undefined,
  refusedProductIds: ReadonlySet<number>,
): Set<string> {
  return new Set(
    lines
      .filter(
        (line) =>
          refusedProductIds.has(line.productId) ||
          (orderableProductIds !== undefined && !orderableProductIds.has(line.productId)),
      )
      .map((line) => line.key),
  );
}
