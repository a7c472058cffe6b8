import { randomUUID } from "node:crypto";
import type { Language } from "@tableorder/domain/enums";
import { and, eq } from "drizzle-orm";
import type { IdentityProfile } from "../../auth/identity/identity-profile.ts";
import type { TokenService } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type SignedIn, signInAs } from "./account.ts";

const GUEST_TOKEN_REMEMBERED = true;

/** A guest who continues without an account gets a fresh anonymous one (ROLE_USER, anonymous). */
export async function signInAnonymousGuest(options: { db: Db; tokens: TokenService; langKey?: Language }): Promise<SignedIn> {
  const [user] = await options.db
    .insert(users)
    .values({ role: "USER", login: `guest-${randomUUID()}`, anonymous: true, langKey: options.langKey ?? "el" })
    .returning();
  return signInAs({ tokens: options.tokens, user, rememberMe: GUEST_TOKEN_REMEMBERED });
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
            langKey: profile.locale?.toLowerCase().startsWith("en") ? "en" : "el",
          })
          .returning()
      )[0];
  return signInAs({ tokens: options.tokens, user, rememberMe: GUEST_TOKEN_REMEMBERED });
}
