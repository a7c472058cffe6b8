import type { LoginRequest } from "@tableorder/domain/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "./sign-in.ts";

/** Staff sign-in by username and password; remember-me keeps the token across browser restarts. */
export function authenticate(request: LoginRequest) {
  return signIn("/api/authenticate", request, request.rememberMe);
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
