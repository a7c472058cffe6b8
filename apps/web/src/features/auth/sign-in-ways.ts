import type { ManagementInfo } from "@tableorder/domain/contracts/auth";

export type SignInStepKey = "home.step2" | "home.step2Google" | "home.step2Facebook" | "home.step2Guest" | "home.step2Unknown";

/**
 * The home page's sign-in step names the ways this installation offers: Google and Facebook only
 * where configured (the sign-in popup shows the same buttons), the spec's wording where both are.
 * Until the server has said, a wording true of every installation: a guest can always go on.
 */
export function signInStepKey(providers: ManagementInfo["identityProviders"] | undefined): SignInStepKey {
  if (!providers) return "home.step2Unknown";
  const google = Boolean(providers.googleClientId);
  const facebook = Boolean(providers.facebookAppId);
  if (google && facebook) return "home.step2";
  if (google) return "home.step2Google";
  if (facebook) return "home.step2Facebook";
  return "home.step2Guest";
}
