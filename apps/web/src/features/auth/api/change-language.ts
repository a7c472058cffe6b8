import type { Language } from "@tableorder/domain/enums";
import { apiPost } from "../../../lib/api-client.ts";

/** Remembers the language on the account, so the server's pushes and the next visit use it. */
export function changeAccountLanguage(langKey: Language): Promise<{ langKey: Language }> {
  return apiPost<{ langKey: Language }>("/api/account/language", { langKey });
}
