import type { SignInResponse } from "@tableorder/domain/contracts/auth";
import { apiFetch } from "../../../lib/api-client.ts";
import { setToken } from "../../../lib/session.ts";
import { handOverAccount } from "./get-account.ts";

/**
 * Posts a sign-in and keeps its token (spec 1 §7: the Authorization header, else the body). The
 * answer's account is handed to the account query, which the new session fetches first.
 * `onKept` reads the answer the moment the token is kept, before the screens render as the new
 * identity: what it puts in the query cache then is neither dropped with the old identity's data
 * nor fetched again.
 */
export async function signIn(
  path: string,
  body: unknown,
  remember: boolean,
  onKept?: (answer: SignInResponse) => void,
): Promise<string> {
  const response = await apiFetch<SignInResponse | null>(path, { method: "POST", body, quiet: true });
  const header = response.headers.get("Authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7) : response.data?.id_token;
  if (!token) throw new Error("The sign-in answer carried no token");
  if (response.data?.account) handOverAccount(token, response.data.account);
  setToken(token, remember);
  if (response.data) onKept?.(response.data);
  return token;
}
