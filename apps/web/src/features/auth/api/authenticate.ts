import type { LoginRequest } from "@tableorder/domain/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { setToken } from "../../../lib/session.ts";
import { readToken } from "./read-token.ts";

/** Staff sign-in by username and password; remember-me keeps the token across browser restarts. */
export async function authenticate(request: LoginRequest): Promise<string> {
  const response = await apiFetch<{ id_token?: string }>("/api/authenticate", { method: "POST", body: request, quiet: true });
  const token = readToken(response);
  setToken(token, request.rememberMe);
  return token;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
