import type { ApiResponse } from "../../../lib/api-client.ts";

/** Sign-in answers carry the token in the Authorization header (spec 1 §7), and in the body. */
export function readToken(response: ApiResponse<{ id_token?: string } | null>): string {
  const header = response.headers.get("Authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7) : response.data?.id_token;
  if (!token) throw new Error("The sign-in answer carried no token");
  return token;
}
