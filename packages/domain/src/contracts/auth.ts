import { z } from "zod";
import { AUTHORITIES, UI_LANGUAGES } from "../enums.ts";
import { isValidTableCode, TABLE_CODE_MAX_LENGTH } from "../validators.ts";

export const loginRequest = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const googleLoginRequest = z.object({ authorizationCode: z.string().min(1).max(4096) });
export const facebookLoginRequest = z.object({ idToken: z.string().min(1).max(4096) });
/**
 * An anonymous guest may name the table they are at (its printed code): the same request then
 * checks them in there, so a first visit needs no second round trip before the table opens.
 */
export const anonymousLoginRequest = z
  .object({
    langKey: z.enum(UI_LANGUAGES).optional(),
    tableCode: z
      .string({ error: "table.code.required" })
      .trim()
      .min(1, { message: "table.code.required", abort: true })
      .max(TABLE_CODE_MAX_LENGTH, { message: "text.tooLong", abort: true })
      .refine(isValidTableCode, { message: "table.code.invalid" })
      .optional(),
  })
  .optional();
export type AnonymousLoginRequest = z.infer<typeof anonymousLoginRequest>;

export const languageRequest = z.object({ langKey: z.enum(UI_LANGUAGES) });

/** The signed-in account. Staff see only their own; guests' personal data never reaches staff. */
export const account = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  imageUrl: z.string().nullable(),
  langKey: z.enum(UI_LANGUAGES),
  activated: z.boolean(),
  anonymous: z.boolean(),
  authorities: z.array(z.enum(AUTHORITIES)),
  retailerId: z.number().nullable(),
  preparationAreaId: z.number().nullable(),
});
export type Account = z.infer<typeof account>;

/** Every sign-in answers the token (also in the Authorization header) and the account it is for. */
export const signInResponse = z.object({
  id_token: z.string(),
  account,
  /** The check-in an anonymous sign-in made at the table it named (tableCode): its reservation. */
  reservation: z.object({ id: z.number(), tableId: z.number() }).optional(),
});
export type SignInResponse = z.infer<typeof signInResponse>;

export const managementInfo = z.object({
  "display-ribbon-on-profiles": z.string(),
  activeProfiles: z.array(z.string()),
  identityProviders: z.object({ googleClientId: z.string().nullable(), facebookAppId: z.string().nullable() }),
});
export type ManagementInfo = z.infer<typeof managementInfo>;
