import type { SetPasswordInput, SetPasswordTarget } from "@tableorder/domain/contracts/operator";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../../lib/api-client.ts";
import { authenticate } from "./authenticate.ts";

/** Whom a one-time set-password link is for (issue 18); a used or expired link is refused quietly. */
export function useSetPasswordTarget(token: string) {
  return useQuery({
    queryKey: ["set-password", token],
    queryFn: ({ signal }) => apiGet<SetPasswordTarget>(`/api/set-password/${encodeURIComponent(token)}`, { signal, quiet: true }),
    retry: false,
  });
}

/** Sets the password through the link, then signs in with it, so the new account lands at its area. */
export function useSetPasswordWithLink(token: string) {
  return useMutation({
    mutationFn: async (form: SetPasswordInput) => {
      const { data } = await apiFetch<{ username: string }>(`/api/set-password/${encodeURIComponent(token)}`, {
        method: "POST",
        body: form,
        quiet: true,
      });
      await authenticate({ username: data.username, password: form.password, rememberMe: false });
    },
  });
}
