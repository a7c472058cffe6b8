import { describe, expect, it } from "vitest";
import { en } from "../../lib/locales/en.ts";
import { signInStepKey } from "./sign-in-ways.ts";

const step = (googleClientId: string | null, facebookAppId: string | null) => {
  const key = signInStepKey({ googleClientId, facebookAppId }).split(".")[1] as keyof typeof en.home;
  return en.home[key];
};

describe("the home page's sign-in step", () => {
  it("keeps the spec's wording where both providers are configured", () => {
    expect(step("google-id", "facebook-id")).toBe("Sign in with Google or Facebook.");
  });

  it("names only the provider that is configured, and the guest's way", () => {
    expect(step("google-id", null)).toBe("Sign in with Google or continue as a guest.");
    expect(step(null, "facebook-id")).toBe("Sign in with Facebook or continue as a guest.");
  });

  it("offers the guest's way alone where no provider is configured", () => {
    expect(step(null, null)).toBe("Continue as a guest, no account needed.");
  });

  it("says nothing untrue before the server has answered", () => {
    expect(en.home[signInStepKey(undefined).split(".")[1] as keyof typeof en.home]).toBe("Sign in, or continue as a guest.");
  });
});
