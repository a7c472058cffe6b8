import { formatEuros } from "@tableorder/domain/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { fileAnswer, seeOther } from "../../lib/openapi.ts";
import { SANDBOX_TERMINAL_PATH, type SandboxCardTerminal } from "./sandbox-card-terminal.ts";

const listQuery = z.object({
  tid: z
    .string()
    .regex(/^\d{8}$/)
    .optional(),
});
const decisionQuery = z.object({
  session: z.string().uuid(),
  tid: z
    .string()
    .regex(/^\d{8}$/)
    .optional(),
});

const TEXTS = {
  el: {
    title: "Τερματικό POS",
    sandbox: "Δοκιμαστικό περιβάλλον: καμία κάρτα δεν χρεώνεται. Εδώ παίζετε τον ρόλο του τερματικού.",
    empty: "Καμία πληρωμή δεν περιμένει στο τερματικό.",
    terminal: "Τερματικό",
    approve: "Έγκριση",
    decline: "Απόρριψη",
    refresh: "Ανανέωση",
  },
  en: {
    title: "Card terminal",
    sandbox: "Sandbox: no card is charged. Here you act as the card terminal.",
    empty: "No payment is waiting at the terminal.",
    terminal: "Terminal",
    approve: "Approve",
    decline: "Decline",
    refresh: "Refresh",
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

function page(lang: "el" | "en", body: string, refresh: boolean): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="3">' : ""}<title>${TEXTS[lang].title}</title><style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f2ee;color:#17211e;display:flex;justify-content:center;padding:20px}
main{width:100%;max-width:420px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;background:#fff3d6;border-radius:999px;padding:4px 10px}
h1{font-size:22px;margin:14px 0 4px}.muted{color:#4a5753;font-size:14px;margin:0 0 20px}
.sale{background:#fff;border-radius:20px;box-shadow:0 1px 2px rgba(23,33,30,.06),0 10px 32px rgba(23,33,30,.1);padding:20px;margin-bottom:16px}
.screen{border-radius:14px;background:linear-gradient(135deg,#1f2a44,#111827);color:#fff;padding:16px 18px;margin-bottom:16px}
.screen small{opacity:.75;font-size:13px}.screen strong{display:block;font-size:34px;margin-top:4px;font-variant-numeric:tabular-nums}
.screen span{display:block;font-size:14px;opacity:.85;margin-top:8px}
.row{display:flex;gap:10px}form{margin:0;flex:1}button{width:100%;border:0;border-radius:12px;font-size:17px;font-weight:600;padding:15px;cursor:pointer;font-family:inherit}
.approve{background:#0d6b58;color:#fff}.decline{background:#fff;color:#b91c1c;border:1.5px solid #f3c4c4}
.empty{background:#fff;border-radius:20px;padding:28px 20px;text-align:center;color:#4a5753}
a{color:#0d6b58;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox terminal's page (what the card terminal's own screen is in production): the sales
 * waiting at the venue's terminals, each with Approve and Decline, so a person or an end-to-end
 * test can act as the terminal. `?tid=` shows one terminal's sales only. While nothing waits the
 * page looks again every 3 seconds by itself.
 */
export const sandboxTerminalRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxCardTerminal }> = async (app, { sandbox }) => {
  // The page's buttons are plain HTML forms; what they decide is in the query, so the body is ignored.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, {}));

  app.get(
    SANDBOX_TERMINAL_PATH,
    { schema: { querystring: listQuery, response: { 200: fileAnswer("The sales waiting at the terminals", "text/html") } } },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const text = TEXTS[lang];
      const locale = lang === "en" ? "en-GB" : "el-GR";
      const { tid } = request.query;
      const sales = await sandbox.pendingSales(tid);
      const keep = tid ? `&tid=${tid}` : "";
      const cards = sales
        .map(
          (sale) => `<section class="sale" data-testid="sandbox-terminal-sale" data-session="${sale.sessionId}">
<div class="screen"><small>${text.terminal} ${escapeHtml(sale.tid)}</small><strong data-testid="sandbox-terminal-amount">${formatEuros(sale.amountCents, locale)}</strong><span>${escapeHtml(sale.customerTrns)}</span></div>
<div class="row"><form method="post" action="${SANDBOX_TERMINAL_PATH}/approve?session=${sale.sessionId}${keep}"><button class="approve" data-testid="sandbox-terminal-approve">${text.approve}</button></form>
<form method="post" action="${SANDBOX_TERMINAL_PATH}/decline?session=${sale.sessionId}${keep}"><button class="decline" data-testid="sandbox-terminal-decline">${text.decline}</button></form></div></section>`,
        )
        .join("\n");
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      return page(
        lang,
        `<span class="badge">Sandbox</span><h1>${text.title}${tid ? ` ${escapeHtml(tid)}` : ""}</h1><p class="muted">${text.sandbox}</p>
${cards || `<p class="empty" data-testid="sandbox-terminal-empty">${text.empty}<br><br><a href="${SANDBOX_TERMINAL_PATH}${tid ? `?tid=${tid}` : ""}">${text.refresh}</a></p>`}`,
        sales.length === 0,
      );
    },
  );

  for (const decision of ["approve", "decline"] as const) {
    app.post(
      `${SANDBOX_TERMINAL_PATH}/${decision}`,
      { schema: { querystring: decisionQuery, response: { 303: seeOther } } },
      async (request, reply) => {
        const { session, tid } = request.query;
        // The product hears of it before the page comes back, so the waiter's screen moves at once.
        await sandbox.decide(session, decision === "approve");
        return reply.redirect(`${SANDBOX_TERMINAL_PATH}${tid ? `?tid=${tid}` : ""}`, 303);
      },
    );
  }
};
