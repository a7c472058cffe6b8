import { useMutation } from "@tanstack/react-query";
import { loadScript } from "../../../lib/load-script.ts";
import { signIn } from "./sign-in.ts";

interface CodeClient {
  requestCode(): void;
}
interface GoogleIdentity {
  accounts: {
    oauth2: {
      initCodeClient(config: {
        client_id: string;
        scope: string;
        ux_mode: "popup";
        callback: (response: { code?: string; error?: string }) => void;
        error_callback?: (error: { type: string }) => void;
      }): CodeClient;
    };
  };
}

/** Google's popup code flow: the browser gets a one-time code, the server exchanges and verifies it. */
function requestGoogleCode(clientId: string): Promise<string> {
  return loadScript("https://accounts.google.com/gsi/client").then(
    () =>
      new Promise<string>((resolve, reject) => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (!google) return reject(new Error("Google sign-in is not available"));
        google.accounts.oauth2
          .initCodeClient({
            client_id: clientId,
            scope: "openid email profile",
            ux_mode: "popup",
            callback: (response) =>
              response.code ? resolve(response.code) : reject(new Error(response.error ?? "Google sign-in failed")),
            error_callback: (error) => reject(new Error(error.type)),
          })
          .requestCode();
      }),
  );
}

export async function authenticateGoogle(clientId: string) {
  const authorizationCode = await requestGoogleCode(clientId);
  return signIn("/api/authenticate-google", { authorizationCode }, true);
}

export function useAuthenticateGoogle() {
  return useMutation({ mutationFn: authenticateGoogle });
}
