import type { SignInResponse } from "@tableorder/domain/contracts/auth";
import type { UiLanguage } from "@tableorder/domain/enums";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "./sign-in.ts";

/** The table a guest signs in at: the sign-in checks them in there and hands the reservation over. */
export interface SignInAtTable {
  tableCode: string;
  onCheckedIn: (reservation: NonNullable<SignInResponse["reservation"]>, accountId: number) => void;
}

/**
 * A guest without a social account gets an anonymous one, kept like remember-me (the server issues
 * it so). Naming the table checks them in with the same request, so no check-in call follows it.
 */
export function authenticateAnonymous({ langKey, atTable }: { langKey: UiLanguage; atTable?: SignInAtTable }) {
  return signIn("/api/authenticate-anonymous", { langKey, tableCode: atTable?.tableCode }, true, (answer) => {
    if (answer.reservation) atTable?.onCheckedIn(answer.reservation, answer.account.id);
  });
}

export function useAuthenticateAnonymous() {
  return useMutation({ mutationFn: authenticateAnonymous });
}
