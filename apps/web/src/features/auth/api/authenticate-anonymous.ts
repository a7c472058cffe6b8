import type { Language } from "@tableorder/domain/enums";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "./sign-in.ts";

/** A guest without a social account gets an anonymous one, kept like remember-me (the server issues it so). */
export function authenticateAnonymous(langKey: Language) {
  return signIn("/api/authenticate-anonymous", { langKey }, true);
}

export function useAuthenticateAnonymous() {
  return useMutation({ mutationFn: authenticateAnonymous });
}
