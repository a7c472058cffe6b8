import type { Account } from "@tableorder/domain/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { getToken, useToken } from "../../../lib/session.ts";

export const ACCOUNT_QUERY_KEY = ["account"] as const;

/** The signed-in account; its callers handle failures themselves (spec 1 §8). */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiGet<Account>("/api/account", { quiet: true, signal });
}

let handedOver: { token: string; account: Account } | null = null;

/**
 * A sign-in's answer carries its account: the account query takes it from there once, instead of
 * a GET api/account round trip (about 170 ms on a phone's 4G) before the screens can go on. Kept
 * with its token, so it never stands in for another identity's account.
 */
export function handOverAccount(token: string, account: Account): void {
  handedOver = { token, account };
}

function takeHandedOver(): Account | null {
  const given = handedOver?.token === getToken() ? handedOver.account : null;
  handedOver = null;
  return given;
}

export function accountQueryOptions(hasToken: boolean) {
  return queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }) => takeHandedOver() ?? getAccount(signal),
    enabled: hasToken,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The account, or null when signed out or not activated (only activated accounts count, spec 1 §4). */
export function useAccount() {
  const token = useToken();
  const query = useQuery(accountQueryOptions(token !== null));
  const account = token !== null && query.data?.activated ? query.data : null;
  return { account, isLoading: token !== null && query.isPending, error: query.error };
}
