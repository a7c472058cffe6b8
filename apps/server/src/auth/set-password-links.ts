import { createHash, randomBytes } from "node:crypto";
import type { SetPasswordLink } from "@tableorder/domain/contracts/operator";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { passwordSetLinks } from "../db/schema.ts";

/** Where a set-password link opens in the web app; the token follows. */
export const SET_PASSWORD_PATH = "/service/set-password/";

/** What the table keeps of a link's token: its SHA-256, so a copy of the database yields no links. */
export const setPasswordTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * Issues a one-time link for an account to choose its password (issue 18): a new venue's first
 * administrator, or the platform operator. No password is ever made up for someone and passed on;
 * the link is shown once to whoever hands it over, works once and expires after `validHours`.
 * Issuing one ends the account's earlier links that were not used, so only the latest works.
 */
export async function issueSetPasswordLink(
  q: Queryable,
  options: { userId: number; baseUrl: string; validHours: number },
): Promise<SetPasswordLink> {
  const token = randomBytes(32).toString("base64url");
  await q
    .update(passwordSetLinks)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(passwordSetLinks.userId, options.userId),
        isNull(passwordSetLinks.usedAt),
        gt(passwordSetLinks.expiresAt, sql`now()`),
      ),
    );
  const [link] = await q
    .insert(passwordSetLinks)
    .values({
      userId: options.userId,
      tokenHash: setPasswordTokenHash(token),
      expiresAt: sql`now() + make_interval(hours => ${options.validHours})`,
    })
    .returning({ expiresAt: passwordSetLinks.expiresAt });
  return { url: `${options.baseUrl.replace(/\/+$/, "")}${SET_PASSWORD_PATH}${token}`, expiresAt: link.expiresAt.toISOString() };
}
