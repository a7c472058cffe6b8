import type { Account } from "@tableorder/domain/contracts/auth";
import type { Language } from "@tableorder/domain/enums";
import { eq } from "drizzle-orm";
import { authoritiesOf } from "../../auth/authorities.ts";
import type { AccountRole, Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/** The caller's own account; a deleted or unknown account is a 401 so the client signs in again. */
export async function getAccount(options: { db: Db; principal: Principal }): Promise<Account> {
  const [user] = await options.db.select().from(users).where(eq(users.id, options.principal.userId)).limit(1);
  if (!user || user.deletedAt) throw new AppError("unauthorized", 401);
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imageUrl: user.imageUrl,
    langKey: user.langKey === "en" ? "en" : "el",
    activated: user.activated,
    anonymous: user.anonymous,
    authorities: authoritiesOf(user.role as AccountRole, user.anonymous),
    retailerId: user.retailerId,
    preparationAreaId: user.preparationAreaId,
  };
}

/** Remembers the language a person chose, so their next sign-in opens in it. */
export async function changeLanguage(options: { db: Db; principal: Principal; langKey: Language }): Promise<void> {
  await options.db.update(users).set({ langKey: options.langKey }).where(eq(users.id, options.principal.userId));
}
