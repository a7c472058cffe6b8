import type { ContactFormRequest } from "@tableorder/domain/contracts/contact";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/** A venue owner asks to be called (spec 1 §7); the form shows the outcome itself, hence quiet. */
export function submitContactForm(form: ContactFormRequest): Promise<unknown> {
  return apiPost("/api/contact-form", form, { quiet: true });
}

export function useSubmitContactForm() {
  return useMutation({ mutationFn: submitContactForm });
}
