import {
  account,
  anonymousLoginRequest,
  facebookLoginRequest,
  googleLoginRequest,
  languageRequest,
  loginRequest,
  managementInfo,
  type SignInResponse,
  signInResponse,
} from "@tableorder/domain/contracts/auth";
import {
  setPasswordDone,
  setPasswordRequest,
  setPasswordTarget,
  setPasswordTokenParams,
} from "@tableorder/domain/contracts/operator";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import { createFacebookVerifier } from "../../auth/identity/facebook.ts";
import { createGoogleVerifier } from "../../auth/identity/google.ts";
import { IdentityVerificationError } from "../../auth/identity/identity-profile.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { clientAddress } from "../../lib/rate-limits.ts";
import { changeLanguage, getAccount, type SignedIn } from "./account.ts";
import { authenticateStaff } from "./authenticate-staff.ts";
import { findSetPasswordTarget, setPasswordWithLink } from "./set-password.ts";
import { type CheckInByCode, signInAnonymousGuest, signInIdentifiedGuest } from "./sign-in-guest.ts";

/** Sign-in for staff (password) and guests (Google, Facebook, anonymous), and the own account. */
export const authRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** Checks a new anonymous guest in at the table whose code they named (features/table-session). */
  checkInByCode: CheckInByCode;
}> = async (app, { ctx, checkInByCode }) => {
  const google = ctx.config.google ? createGoogleVerifier(ctx.config.google) : null;
  const facebook = ctx.config.facebook ? createFacebookVerifier(ctx.config.facebook) : null;

  // The token goes in the Authorization header (spec 1 §7) and in the body, beside the account.
  const sendSignedIn = (
    reply: { header(k: string, v: string): unknown },
    { token, account, reservation }: SignedIn & Pick<SignInResponse, "reservation">,
  ): SignInResponse => {
    reply.header("Authorization", `Bearer ${token}`);
    return reservation ? { id_token: token, account, reservation } : { id_token: token, account };
  };

  const verified = async <T>(verify: () => Promise<T>): Promise<T> => {
    try {
      return await verify();
    } catch (error) {
      if (error instanceof IdentityVerificationError) throw new AppError("identity_verification_failed", 401);
      throw error;
    }
  };

  app.post("/api/authenticate", { schema: { body: loginRequest, response: { 200: signInResponse } } }, async (request, reply) => {
    return sendSignedIn(reply, await authenticateStaff({ ...ctx, ...request.body, address: clientAddress(request) }));
  });

  app.post(
    "/api/authenticate-anonymous",
    { schema: { body: anonymousLoginRequest, response: { 200: signInResponse } } },
    async (request, reply) => {
      const { langKey, tableCode } = request.body ?? {};
      return sendSignedIn(reply, await signInAnonymousGuest({ ...ctx, langKey, tableCode, checkInByCode }));
    },
  );

  app.post(
    "/api/authenticate-google",
    { schema: { body: googleLoginRequest, response: { 200: signInResponse } } },
    async (request, reply) => {
      if (!google) throw new AppError("identity_provider_not_configured", 400, { provider: "google" });
      const profile = await verified(() => google.verifyAuthorizationCode(request.body.authorizationCode));
      return sendSignedIn(reply, await signInIdentifiedGuest({ ...ctx, profile }));
    },
  );

  app.post(
    "/api/authenticate-facebook",
    { schema: { body: facebookLoginRequest, response: { 200: signInResponse } } },
    async (request, reply) => {
      if (!facebook) throw new AppError("identity_provider_not_configured", 400, { provider: "facebook" });
      const profile = await verified(() => facebook.verifyAccessToken(request.body.idToken));
      return sendSignedIn(reply, await signInIdentifiedGuest({ ...ctx, profile }));
    },
  );

  app.get("/api/account", { schema: { response: { 200: account } } }, async (request) =>
    getAccount({ db: ctx.db, principal: requirePrincipal(request) }),
  );

  app.post(
    "/api/account/language",
    { schema: { body: languageRequest, response: { 200: languageRequest } } },
    async (request) => {
      await changeLanguage({ db: ctx.db, principal: requirePrincipal(request), langKey: request.body.langKey });
      return { langKey: request.body.langKey };
    },
  );

  // A one-time link to choose a password (issue 18): public, since its holder has no password yet.
  app.get(
    "/api/set-password/:token",
    { schema: { params: setPasswordTokenParams, response: { 200: setPasswordTarget } } },
    async (request) => findSetPasswordTarget({ db: ctx.db, token: request.params.token }),
  );

  app.post(
    "/api/set-password/:token",
    { schema: { params: setPasswordTokenParams, body: setPasswordRequest, response: { 200: setPasswordDone } } },
    async (request) => setPasswordWithLink({ db: ctx.db, token: request.params.token, password: request.body.password }),
  );

  app.get("/management/info", { schema: { response: { 200: managementInfo } } }, async () => ({
    "display-ribbon-on-profiles": "dev",
    activeProfiles: [
      ctx.config.env === "production" ? "prod" : "dev",
      ctx.config.databaseUrl.startsWith("postgres") ? "postgres" : "embedded",
    ],
    identityProviders: {
      googleClientId: ctx.config.google?.clientId ?? null,
      facebookAppId: ctx.config.facebook?.appId ?? null,
    },
  }));
};
