import type { AddressInfo } from "node:net";
import { errorBody, idParams } from "@tableorder/domain/contracts/common";
import {
  contactRequestList,
  contactRequestRow,
  contactRequestStatusRequest,
  createdOperator,
  createdVenue,
  createOperatorRequest,
  createVenueRequest,
  operatorVenue,
  operatorVenueList,
  setPasswordLink,
  venueStatusRequest,
} from "@tableorder/domain/contracts/operator";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { notFound, unauthorized } from "../../lib/app-error.ts";
import { publicBaseUrl } from "../../lib/public-url.ts";
import { localUrl, serverTokenCheck } from "../../operations/operations-endpoint.ts";
import { listContactRequests, setContactRequestStatus } from "./contact-requests.ts";
import { createOperator } from "./create-operator.ts";
import { createVenue, reissueAdminLink } from "./create-venue.ts";
import { listVenues } from "./list-venues.ts";
import { setVenueDisabled } from "./venue-status.ts";

/**
 * The platform operator's console (issue 18): contact-form requests, venues with their first
 * administrator, disabling and re-enabling, and the venues' signs of life. Only OPERATOR accounts
 * reach /api/operator (auth/route-access.ts). The same creation is offered to the commands on the
 * server's machine (`npm run venue:create`, `operator:create`) under /operations, guarded by the
 * token the running server announces, since the embedded database must not be opened twice.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; serverToken: string | null }> = async (
  app,
  { ctx, serverToken },
) => {
  const { db, config } = ctx;
  const validHours = config.setPasswordLinkHours;
  // The link opens where the operator reached us (or PUBLIC_URL), like the tables' QR codes.
  const linkSettings = (request: FastifyRequest) => ({ baseUrl: publicBaseUrl(config, request), validHours });
  const presentVenue = async (retailerId: number) => {
    const [venue] = await listVenues(db, [retailerId]);
    if (!venue) throw notFound("venue");
    return venue;
  };

  app.get("/api/operator/contact-requests", { schema: { response: { 200: contactRequestList } } }, async () =>
    listContactRequests(db),
  );

  app.put(
    "/api/operator/contact-requests/:id/status",
    { schema: { params: idParams, body: contactRequestStatusRequest, response: { 200: contactRequestRow } } },
    async (request) => setContactRequestStatus({ db, requestId: request.params.id, status: request.body.status }),
  );

  app.get("/api/operator/venues", { schema: { response: { 200: operatorVenueList } } }, async () => listVenues(db));

  app.post("/api/operator/venues", { schema: { body: createVenueRequest, response: { 200: createdVenue } } }, async (request) => {
    const { retailerId, link } = await createVenue({ db, form: request.body, ...linkSettings(request) });
    return { venue: await presentVenue(retailerId), link };
  });

  app.put(
    "/api/operator/venues/:id/status",
    { schema: { params: idParams, body: venueStatusRequest, response: { 200: operatorVenue } } },
    async (request) => {
      await setVenueDisabled({
        ...ctx,
        operator: requirePrincipal(request),
        retailerId: request.params.id,
        disabled: request.body.disabled,
      });
      return presentVenue(request.params.id);
    },
  );

  app.post(
    "/api/operator/venues/:id/admin-link",
    { schema: { params: idParams, response: { 200: setPasswordLink } } },
    async (request) =>
      reissueAdminLink({ db, retailerId: request.params.id, operator: requirePrincipal(request), ...linkSettings(request) }),
  );

  // The commands on the server's machine: the link points at PUBLIC_URL, or where this server listens.
  const commandLinkSettings = () => ({
    baseUrl: config.publicUrl ?? localUrl(app.server.address() as AddressInfo),
    validHours,
  });
  const carriesServerToken = serverTokenCheck(serverToken);
  const commandOnly = (description: string, answer: typeof createdVenue | typeof createdOperator) => ({
    description: `${description} For the command on the server's machine: send the token of DATA_DIR/operations-endpoint.json as a bearer token.`,
    security: [{ operationsToken: [] }],
    response: {
      200: answer,
      401: { description: "The token is missing or wrong", content: { "application/json": { schema: errorBody } } },
    },
  });
  // Before the body is read: whoever lacks the token learns nothing about what it would accept.
  const guard = async (request: FastifyRequest) => {
    if (!carriesServerToken(request.headers.authorization)) throw unauthorized();
  };

  app.post(
    "/operations/venues",
    {
      onRequest: guard,
      schema: {
        ...commandOnly("`npm run venue:create` while a server runs on the embedded database.", createdVenue),
        body: createVenueRequest,
      },
    },
    async (request) => {
      const { retailerId, link } = await createVenue({ db, form: request.body, ...commandLinkSettings() });
      return { venue: await presentVenue(retailerId), link };
    },
  );

  app.post(
    "/operations/operators",
    {
      onRequest: guard,
      schema: {
        ...commandOnly("`npm run operator:create` while a server runs on the embedded database.", createdOperator),
        body: createOperatorRequest,
      },
    },
    async (request) => createOperator({ db, username: request.body.username, ...commandLinkSettings() }),
  );
};
