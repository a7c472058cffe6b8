import type { Account } from "@tableorder/domain/contracts/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { setLanguage, useLanguage } from "../../../lib/i18n.ts";
import { changeAccountLanguage } from "../api/change-language.ts";
import { ACCOUNT_QUERY_KEY, useAccount } from "../api/get-account.ts";

/**
 * Keeps the screen's language and the account's in step: a freshly loaded account sets the
 * language (spec 1 §4); a later switch by the user is saved on the account.
 */
export function useAccountLanguage(): void {
  const queryClient = useQueryClient();
  const { account } = useAccount();
  const { lang } = useLanguage();
  const appliedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!account) {
      appliedFor.current = null;
      return;
    }
    if (appliedFor.current !== account.id) {
      appliedFor.current = account.id;
      if (account.langKey !== lang) void setLanguage(account.langKey);
      return;
    }
    if (account.langKey === lang) return;
    queryClient.setQueryData<Account>(ACCOUNT_QUERY_KEY, { ...account, langKey: lang });
    changeAccountLanguage(lang).catch(() => {
      /* the toast has said it; the screen keeps the chosen language */
    });
  }, [account, lang, queryClient]);
}
