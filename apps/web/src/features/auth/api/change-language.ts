import type { UiLanguage } from "@tableorder/domain/enums";
import { apiPost } from "../../../lib/api-client.ts";

/** Remembers the language on the account, so the server's pushes and the next visit use it. */
export function changeAccountLanguage(langKey: UiLanguage): Promise<{ langKey: UiLanguage }> {
  return apiPost<{ langKey: UiLanguage }>("/api/account/language", { langKey });
}
