/**
 * Account roles as stored; each maps to one authority of the spec (spec 1 §6). OPERATOR is the
 * platform operator (issue 18, the spec's ROLE_MANAGER): above the venues, with no venue of its
 * own, it runs the onboarding console and reaches no venue's data.
 */
export const ACCOUNT_ROLES = ["ADMIN", "CASH_DESK", "WAITER", "COOK", "USER", "OPERATOR"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * Who is calling, as carried by a verified token. Staff principals always carry their venue
 * (retailerId) so every query can be scoped by it; guests carry none, since a customer account
 * is global and reaches only the table it has checked in to.
 */
export interface Principal {
  userId: number;
  role: AccountRole;
  retailerId: number | null;
  prepAreaId: number | null;
  anonymous: boolean;
  login: string;
}
