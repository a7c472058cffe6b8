import { emptyAnswer, tableIdParams } from "@tableorder/domain/contracts/common";
import {
  completePaymentQuery,
  completePaymentResponse,
  failPaymentQuery,
  failPaymentResponse,
  payOnlineBody,
  payOnlineResponse,
} from "@tableorder/domain/contracts/online-payments";
import { releasePaymentHoldRequest } from "@tableorder/domain/contracts/waiter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { CardPaymentProvider } from "./card-provider.ts";
import { completeOnlinePayment, failOnlinePayment, releaseOnlineHold, startOnlinePayment } from "./pay-online.ts";
import { SandboxCardProvider } from "./sandbox-card-provider.ts";
import { sandboxCheckoutRoutes } from "./sandbox-routes.ts";
import { VivaSmartCheckout } from "./viva-smart-checkout.ts";

/** Viva Smart Checkout when configured, otherwise the sandbox (the embedded default). */
export function cardProviderFor(ctx: AppContext): CardPaymentProvider {
  const viva = ctx.config.cardPayments.viva;
  return viva ? new VivaSmartCheckout(viva) : new SandboxCardProvider(ctx.db);
}

/** Online card payment (spec 1 §7): start, complete and fail; plus the sandbox's checkout page. */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; provider?: CardPaymentProvider }> = async (
  app,
  { ctx, provider: given },
) => {
  const { db, events } = ctx;
  const provider = given ?? cardProviderFor(ctx);
  if (provider instanceof SandboxCardProvider) await app.register(sandboxCheckoutRoutes, { sandbox: provider });

  app.post(
    "/api/orders/:tableId/pay",
    { schema: { params: tableIdParams, body: payOnlineBody, response: { 200: payOnlineResponse } } },
    async (request, reply) => {
      const started = await startOnlinePayment({
        db,
        events,
        provider,
        principal: requirePrincipal(request),
        tableId: request.params.tableId,
        itemsCount: request.body.itemsCount,
        tip: { amount: request.body.tipAmount, confirmed: request.body.tipConfirmed },
        lang: requestLanguage(request),
        timeoutSeconds: ctx.config.cardPayments.timeoutSeconds,
      });
      // The spec's client follows the Location header to the provider's checkout.
      return reply.header("location", started.location).send(started);
    },
  );

  app.get(
    "/api/orders/complete-payment",
    { schema: { querystring: completePaymentQuery, response: { 200: completePaymentResponse } } },
    async (request) =>
      completeOnlinePayment({
        db,
        events,
        provider,
        principal: requirePrincipal(request),
        orderCode: request.query.s,
        transactionId: request.query.t,
      }),
  );

  app.get(
    "/api/orders/fail-payment",
    { schema: { querystring: failPaymentQuery, response: { 200: failPaymentResponse } } },
    async (request) =>
      failOnlinePayment({ db, events, provider, principal: requirePrincipal(request), orderCode: request.query.s }),
  );

  app.post(
    "/api/feed/release-payment-hold",
    { schema: { body: releasePaymentHoldRequest, response: { 200: emptyAnswer } } },
    async (request) => {
      await releaseOnlineHold({ db, events, provider, principal: requirePrincipal(request), paymentId: request.body.paymentId });
      return {};
    },
  );
};
