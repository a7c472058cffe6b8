import { errorBody } from "@tableorder/domain/contracts/common";
import { formatEuros } from "@tableorder/domain/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { fileAnswer, seeOther } from "../../lib/openapi.ts";
import { SANDBOX_CHECKOUT_PATH, type SandboxCardProvider } from "./sandbox-card-provider.ts";

/** The return URLs a Viva payment source is set up with; the sandbox uses the same ones. */
export const SUCCESS_RETURN_PATH = "/service/customer/successful-payment";
export const FAILURE_RETURN_PATH = "/service/customer/failed-payment";

const refQuery = z.object({ ref: z.string().regex(/^\d{1,32}$/) });

const TEXTS = {
  el: {
    title: "Πληρωμή με κάρτα",
    sandbox: "Δοκιμαστικό περιβάλλον: καμία κάρτα δεν χρεώνεται.",
    amount: "Ποσό",
    tip: "Περιλαμβάνει φιλοδώρημα",
    approve: "Έγκριση πληρωμής",
    decline: "Απόρριψη",
    gone: "Η παραγγελία πληρωμής δεν υπάρχει, έληξε ή έχει ήδη πληρωθεί.",
  },
  en: {
    title: "Card payment",
    sandbox: "Sandbox: no card is charged.",
    amount: "Amount",
    tip: "Includes a tip of",
    approve: "Approve payment",
    decline: "Decline",
    gone: "This payment order does not exist, has expired or is already paid.",
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

function page(lang: "el" | "en", body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${TEXTS[lang].title}</title><style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f2ee;color:#17211e;display:flex;align-items:center;justify-content:center;padding:20px}
main{width:100%;max-width:380px;background:#fff;border-radius:20px;box-shadow:0 1px 2px rgba(23,33,30,.06),0 10px 32px rgba(23,33,30,.1);padding:28px 24px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;background:#fff3d6;border-radius:999px;padding:4px 10px}
h1{font-size:22px;margin:14px 0 4px}.muted{color:#4a5753;font-size:14px;margin:0 0 20px}
.card{border-radius:14px;background:linear-gradient(135deg,#0d6b58,#0a4a3d);color:#fff;padding:18px 20px;margin-bottom:20px}
.card small{opacity:.8;font-size:13px}.card strong{display:block;font-size:34px;margin-top:4px;font-variant-numeric:tabular-nums}
.card span{display:block;font-size:14px;opacity:.85;margin-top:8px}
.tip{display:flex;justify-content:space-between;gap:12px;border-top:1px solid rgba(255,255,255,.3);margin:12px 0 0;padding-top:10px;font-size:15px}
.tip b{font-variant-numeric:tabular-nums}
form{margin:0}button{width:100%;border:0;border-radius:12px;font-size:17px;font-weight:600;padding:15px;cursor:pointer;font-family:inherit}
.approve{background:#0d6b58;color:#fff;margin-bottom:10px}.decline{background:#fff;color:#b91c1c;border:1.5px solid #f3c4c4}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's own checkout page (what Viva's hosted checkout is in production): the
 * amount, and Approve or Decline, each of which records a transaction and sends the browser back
 * to the product's return URLs with s (order code) and t (transaction id), as Viva does.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxCardProvider }> = async (app, { sandbox }) => {
  // The page's buttons are plain HTML forms; what they decide is in the query, so the body is ignored.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, {}));

  app.get(
    SANDBOX_CHECKOUT_PATH,
    {
      schema: {
        querystring: refQuery,
        response: {
          200: fileAnswer("The checkout page", "text/html"),
          404: {
            description: "The order is paid, expired or unknown",
            content: { "text/html": { schema: z.string() }, "application/json": { schema: errorBody } },
          },
        },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const text = TEXTS[lang];
      const order = await sandbox.findOrder(request.query.ref);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!order || order.paid || order.expiresAt.getTime() < Date.now()) {
        return reply
          .status(404)
          .send(page(lang, `<span class="badge">Sandbox</span><h1>${text.title}</h1><p class="muted">${text.gone}</p>`));
      }
      const ref = encodeURIComponent(order.orderCode);
      const euros = (cents: number) => formatEuros(cents, lang === "en" ? "en-GB" : "el-GR");
      // The tip on its own line inside the charge, so the guest sees what the card pays for.
      const tip =
        order.tipCents > 0 ? `<p class="tip" data-testid="sandbox-tip">${text.tip}<b>${euros(order.tipCents)}</b></p>` : "";
      return page(
        lang,
        `<span class="badge">Sandbox</span><h1>${text.title}</h1><p class="muted">${text.sandbox}</p>
<div class="card" data-testid="sandbox-amount"><small>${text.amount}</small><strong>${euros(order.amountCents)}</strong><span>${escapeHtml(order.customerTrns)}</span>${tip}</div>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/approve?ref=${ref}"><button class="approve" data-testid="sandbox-approve">${text.approve}</button></form>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/decline?ref=${ref}"><button class="decline" data-testid="sandbox-decline">${text.decline}</button></form>`,
      );
    },
  );

  for (const decision of ["approve", "decline"] as const) {
    app.post(
      `${SANDBOX_CHECKOUT_PATH}/${decision}`,
      { schema: { querystring: refQuery, response: { 303: seeOther } } },
      async (request, reply) => {
        const { ref } = request.query;
        const made = await sandbox.decide(ref, decision === "approve");
        const lang = requestLanguage(request) === "en" ? "en-GB" : "el-GR";
        if (!made) return reply.redirect(`${SANDBOX_CHECKOUT_PATH}?ref=${encodeURIComponent(ref)}`, 303);
        const query = new URLSearchParams({
          t: made.transactionId,
          s: ref,
          lang,
          eventId: decision === "approve" ? "0" : "10051",
        });
        return reply.redirect(`${decision === "approve" ? SUCCESS_RETURN_PATH : FAILURE_RETURN_PATH}?${query}`, 303);
      },
    );
  }
};
