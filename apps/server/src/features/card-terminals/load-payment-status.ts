import type { TerminalPaymentStatus } from "@tableorder/domain/contracts/card-terminals";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * Where a payment of this venue stands, as /topic/payment-update/{tableId} would tell it: still
 * PENDING, SUCCESS once paid, FAILED otherwise (declined, timed out, or paid nothing and owed back).
 */
export async function loadPaymentStatus(db: Queryable, retailerId: number, paymentId: number): Promise<TerminalPaymentStatus> {
  const [payment] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.retailerId, retailerId)));
  if (!payment) throw new AppError("not_found", 404, { entity: "payment" });
  const status = payment.status === "PENDING" ? "PENDING" : payment.status === "COMPLETED" ? "SUCCESS" : "FAILED";
  return { status, paymentId };
}
