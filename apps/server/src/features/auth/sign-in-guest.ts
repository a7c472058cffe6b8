import { randomUUID } from "node:crypto";
import { firstSupportedLanguage, type UiLanguage } from "@tableorder/domain/enums";
import { and, eq } from "drizzle-orm";
import type { IdentityProfile } from "../../auth/identity/identity-profile.ts";
import type { Principal } from "../../auth/principal.ts";
import type { TokenService } from "../../auth/tokens.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type SignedIn, signInAs } from "./account.ts";

const GUEST_TOKEN_REMEMBERED = true;

/** A check-in at the table an anonymous sign-in names, in the sign-in's transaction. */
export type CheckInByCode = (db: Tx, principal: Principal, tableCode: string) => Promise<{ id: number; tableId: number } | null>;

/**
 * A guest who continues without an account gets a fresh anonymous one (ROLE_USER, anonymous).
 * Naming the table's code also checks them in there, in the same transaction: an unknown code
 * leaves no account behind. A table that seats nobody new now signs them in unseated.
 */
export async function signInAnonymousGuest(options: {
  db: Db;
  tokens: TokenService;
  langKey?: UiLanguage;
  tableCode?: string;
  checkInByCode: CheckInByCode;
}): Promise<SignedIn & { reservation?: { id: number; tableId: number } }> {
  const { tableCode } = options;
  const { user, reservation } = await options.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ role: "USER", login: `guest-${randomUUID()}`, anonymous: true, langKey: options.langKey ?? "el" })
      .returning();
    const principal: Principal = {
      userId: user.id,
      role: "USER",
      retailerId: null,
      prepAreaId: null,
      anonymous: true,
      login: user.login,
    };
    const reservation = tableCode === undefined ? null : await options.checkInByCode(tx, principal, tableCode);
    return { user, reservation };
  });
  const signedIn = await signInAs({ tokens: options.tokens, user, rememberMe: GUEST_TOKEN_REMEMBERED });
  return reservation ? { ...signedIn, reservation } : signedIn;
}

/**
 * Signs in a guest verified by Google or Facebook, creating the account on first visit and
 * refreshing what the provider says of them on every later one.
 */
export async function signInIdentifiedGuest(options: {
  db: Db;
  tokens: TokenService;
  profile: IdentityProfile;
}): Promise<SignedIn> {
  const { db, profile } = options;
  const details = {
    email: profile.email,
    firstName: profile.givenName,
    lastName: profile.familyName,
    imageUrl: profile.pictureUrl,
    lastActiveAt: new Date(),
  };
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.identityProvider, profile.provider), eq(users.identitySubject, profile.subject)))
    .limit(1);
  const user = existing
    ? (await db.update(users).set(details).where(eq(users.id, existing.id)).returning())[0]
    : (
        await db
          .insert(users)
          .values({
            ...details,
            role: "USER",
            login: `${profile.provider}-${profile.subject}`,
            identityProvider: profile.provider,
            identitySubject: profile.subject,
            langKey: firstSupportedLanguage([profile.locale ?? ""]) ?? "el",
          })
          .returning()
      )[0];
  return signInAs({ tokens: options.tokens, user, rememberMe: GUEST_TOKEN_REMEMBERED });
}
