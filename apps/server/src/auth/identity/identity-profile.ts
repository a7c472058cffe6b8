/** A guest's identity as vouched for by an outside sign-in provider, after verification. */
export interface IdentityProfile {
  provider: "google" | "facebook";
  /** The provider's stable user id (Google `sub`, Facebook app-scoped user id). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  pictureUrl: string | null;
  locale: string | null;
}

/**
 * A sign-in proof could not be verified (rejected, malformed, or the provider unreachable).
 * Thrown so callers can answer `identity_verification_failed` without telling failures apart;
 * the message says why for the logs and never carries secrets or tokens.
 */
export class IdentityVerificationError extends Error {
  override readonly name = "IdentityVerificationError";
  readonly provider: IdentityProfile["provider"];

  constructor(provider: IdentityProfile["provider"], reason: string) {
    super(`${provider} sign-in verification failed: ${reason}`);
    this.provider = provider;
  }
}
