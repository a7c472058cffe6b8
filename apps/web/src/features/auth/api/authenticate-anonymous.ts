import type { Language } from "@tableorder/domain/enums";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { setToken } from "../../../lib/session.ts";
import { readToken } from "./read-token.ts";

/** A guest without a social account gets an anonymous one, kept like remember-me (the server issues it so). */
export async function authenticateAnonymous(langKey: Language): Promise<string> {
  const response = await apiFetch<{ id_token?: string }>("/api/authenticate-anonymous", {
    method: "POST",
    body: { langKey },
    quiet: true,
  });
  const token = readToken(response);
  setToken(token, true);
  return token;
}

export function useAuthenticateAnonymous() {
  return useMutation({ mutationFn: authenticateAnonymous });
}
