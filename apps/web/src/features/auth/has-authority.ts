import type { Account } from "@tableorder/domain/contracts/auth";
import type { Authority } from "@tableorder/domain/enums";

/** Route guards check authorities, as the spec names them (spec 1 §6). */
export function hasAnyAuthority(account: Account | null | undefined, authorities: readonly Authority[]): boolean {
  return Boolean(account?.authorities.some((authority) => authorities.includes(authority)));
}

/** What staff screens show as the signed-in person. */
export function displayName(account: Account): string {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ").trim();
  return name || account.login;
}
