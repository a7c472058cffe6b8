import { useMutation } from "@tanstack/react-query";
import { loadScript } from "../../../lib/load-script.ts";
import { signIn } from "./sign-in.ts";

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken: string } | null }) => void, options: { scope: string }): void;
}

const initialised = new Set<string>();

/** Facebook's login popup gives an access token; the server verifies it (sent as idToken, spec 1 §7). */
function requestFacebookToken(appId: string): Promise<string> {
  return loadScript("https://connect.facebook.net/en_US/sdk.js").then(
    () =>
      new Promise<string>((resolve, reject) => {
        const FB = (window as unknown as { FB?: FacebookSdk }).FB;
        if (!FB) return reject(new Error("Facebook sign-in is not available"));
        if (!initialised.has(appId)) {
          FB.init({ appId, version: "v19.0", cookie: false, xfbml: false });
          initialised.add(appId);
        }
        FB.login(
          (response) =>
            response.authResponse
              ? resolve(response.authResponse.accessToken)
              : reject(new Error("Facebook sign-in was cancelled")),
          { scope: "public_profile,email" },
        );
      }),
  );
}

export async function authenticateFacebook(appId: string) {
  const idToken = await requestFacebookToken(appId);
  return signIn("/api/authenticate-facebook", { idToken }, true);
}

export function useAuthenticateFacebook() {
  return useMutation({ mutationFn: authenticateFacebook });
}
