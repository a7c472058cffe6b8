import { repeatedCategoryNames } from "@tableorder/domain/validators";
import type { ZodType } from "zod";
import { pathErrors } from "./product-form.ts";

const REPEATED_NAME = "category_name_already_exists";

/**
 * The category list's errors by position in the list ("2.name" → message key): the contract's
 * field rules, and every name that repeats an earlier row's, which the server refuses too (the
 * rule is the domain's), so a repeat says so as it is typed.
 */
export function categoryListErrors(schema: ZodType, list: readonly { name: string }[]): Record<string, string> {
  const errors = pathErrors(schema, list);
  for (const index of repeatedCategoryNames(list)) errors[`${index}.name`] ??= REPEATED_NAME;
  return errors;
}

/**
 * A refused save's errors by position in the list sent: its field errors ("2.nameEng") and a
 * repeated name (category_name_already_exists, whose params name the row it was found on).
 */
export function categorySaveErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const answer = (body ?? {}) as { message?: unknown; params?: { index?: unknown }; fieldErrors?: unknown };
  if (Array.isArray(answer.fieldErrors))
    for (const item of answer.fieldErrors as { field?: unknown; message?: unknown }[])
      if (typeof item?.field === "string" && typeof item.message === "string") errors[item.field] ??= item.message;
  if (answer.message === `error.${REPEATED_NAME}` && typeof answer.params?.index === "number")
    errors[`${answer.params.index}.name`] = REPEATED_NAME;
  return errors;
}
