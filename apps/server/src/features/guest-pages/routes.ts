import type { GuestMenuPage } from "@tableorder/domain/contracts/guest-page";
import type { UiLanguage } from "@tableorder/domain/enums";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { pageLanguage } from "../../lib/language.ts";
import { GuestPageCache } from "./guest-page-cache.ts";
import type { guestPageHtmlLoader } from "./guest-page-renderer.ts";

/**
 * The addresses a table's QR code opens: their HTML already holds the venue and its menu, rendered
 * by React from the screens the browser then hydrates (docs/decisions/031-guest-menu-server-rendering.md).
 * A code the page cannot be read for (unknown, its venue disabled) gets the guest's page with
 * nothing rendered, whose screens explain it, and so do the guest's other addresses (the basket,
 * the payment steps), which the browser renders alone. Where the web build has no server rendering
 * (`pages` null) they all get what any other address gets (the not-found handler: the app's index.html).
 */
export const guestPageRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  pages: ReturnType<typeof guestPageHtmlLoader>;
  /** The public part of the table's start call (features/table-session), which the page shows. */
  loadPage: (code: string, lang: UiLanguage) => Promise<Omit<GuestMenuPage, "lang"> & { retailerId: number }>;
}> = async (app, { ctx, pages, loadPage }) => {
  const { events } = ctx;
  const cache = new GuestPageCache();
  const unsubscribe = cache.followCatalog(events);
  app.addHook("onClose", async () => unsubscribe());

  const answer = async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply, sub: string) => {
    if (!pages) return reply.callNotFound();
    const { code } = request.params;
    // The page and the venue's menu speak the guest's language (the menu falling back where the
    // venue has not translated it); the cache keeps one page per language.
    const lang = pageLanguage(request);
    const url = `/service/customer/${encodeURIComponent(code)}${sub}`;
    // The page differs by the chosen language, and holds what the venue changes any moment.
    reply.header("Cache-Control", "no-cache").header("Vary", "Cookie, Accept-Language");
    try {
      const html = await cache.get(`${lang}:${url}`, async () => {
        const [{ retailerId, ...page }, renderer] = await Promise.all([loadPage(code, lang), pages()]);
        return { retailerId, html: renderer.render(url, { ...page, lang }) };
      });
      return reply.type("text/html; charset=utf-8").send(html);
    } catch (error) {
      // A page that cannot be rendered is still the guest's to show, rendered in the browser.
      if (!(error instanceof AppError)) request.log.error({ err: error }, "guest page not rendered");
      return empty(request, reply);
    }
  };

  const empty = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) return reply.callNotFound();
    try {
      const { empty } = await pages();
      return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(empty);
    } catch (error) {
      request.log.error({ err: error }, "guest pages not loaded");
      return reply.callNotFound();
    }
  };

  const schema = { hide: true };
  app.get<{ Params: { code: string } }>("/service/customer/:code", { schema }, (request, reply) => answer(request, reply, ""));
  app.get<{ Params: { code: string } }>("/service/customer/:code/menu", { schema }, (request, reply) =>
    answer(request, reply, "/menu"),
  );
  app.get("/service/customer/*", { schema }, empty);
};
