import { emptyAnswer } from "@tableorder/domain/contracts/common";
import { contactFormRequest } from "@tableorder/domain/contracts/contact";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { submitContactForm } from "./submit-contact-form.ts";

/** The public contact form (spec 1 §7, spec 3 §7.5); no sign-in needed. */
export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/contact-form",
    { schema: { body: contactFormRequest, response: { 201: emptyAnswer } } },
    async (request, reply) => {
      await submitContactForm({ db: ctx.db, ...request.body });
      return reply.status(201).send({});
    },
  );
};
