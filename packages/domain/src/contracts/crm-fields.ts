import { z } from "zod";
import { TRANSLATION_LANGUAGES, type Translations } from "../enums.ts";
import type { ValidationMessageKey } from "../validation-messages.ts";
import {
  isValidGoogleReviewUrl,
  isValidIpv4,
  isValidPrintServiceUrl,
  isValidUsername,
  NAME_MAX_LENGTH,
  normalizeUsername,
  OPERATOR_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../validators.ts";

/**
 * Field schemas the back-office contracts share. Every issue they raise carries a key of
 * `validation-messages.ts` as its message, which the server sends back as the field error's
 * message and a form shows in its language.
 */

const key = (message: ValidationMessageKey) => ({ message });
/** A failed rule that makes the next ones meaningless (an empty field is not also "too short"). */
const stop = (message: ValidationMessageKey) => ({ message, abort: true });

/**
 * A text that must be filled in; surrounding spaces are dropped. (No abort here: an aborted field
 * would keep the form's cross-field rules, such as translations, from reporting at the same time.)
 */
export const requiredText = (required: ValidationMessageKey, max = NAME_MAX_LENGTH) =>
  z.string({ error: required }).trim().min(1, key(required)).max(max, key("text.tooLong"));

/**
 * Lets an object's cross-field rule run while other fields fail, so a form lists every problem at
 * once (zod skips such rules after a field's type check fails, e.g. an unchosen select): only the
 * fields the rule reads must have parsed. An issue without a path is the value itself failing (a
 * JSON null, array or number sent as the whole body): there is no object to read, so the rule waits.
 */
export const whenParsed = (...fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** A text that may be left empty; empty comes out as null. */
export const optionalText = (max = NAME_MAX_LENGTH) =>
  z
    .string({ error: "field.invalid" })
    .trim()
    .max(max, key("text.tooLong"))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A text's German, French and Italian (decision 046): each may be left empty; an empty one is
 * left out of the map, so "not translated" is one thing.
 */
export const translationsField = (max = NAME_MAX_LENGTH) =>
  z
    .object({ de: optionalText(max), fr: optionalText(max), it: optionalText(max) }, { error: "field.invalid" })
    .nullish()
    .transform((map): Translations => {
      const kept: Translations = {};
      for (const language of TRANSLATION_LANGUAGES) {
        const text = map?.[language];
        if (text) kept[language] = text;
      }
      return kept;
    });

/** A text's translations as read: language → text, only the translated ones. */
export const translationsRead = z.object({ de: z.string().optional(), fr: z.string().optional(), it: z.string().optional() });

/** A sign-in name: required, letters, digits and . _ @ -, stored lower-cased. */
export const usernameField = z
  .string({ error: "username.required" })
  .trim()
  .min(1, stop("username.required"))
  .refine(isValidUsername, key("username.invalid"))
  .transform(normalizeUsername);

/** The password of a new account: required, more than 3 characters (spec 3 §5). */
export const newPasswordField = z
  .string({ error: "password.required" })
  .min(1, stop("password.required"))
  .min(PASSWORD_MIN_LENGTH, stop("password.tooShort"))
  .max(PASSWORD_MAX_LENGTH, key("password.tooLong"));

/** The platform operator's password: the same rules, at least OPERATOR_PASSWORD_MIN_LENGTH long. */
export const operatorPasswordField = z
  .string({ error: "password.required" })
  .min(1, stop("password.required"))
  .min(OPERATOR_PASSWORD_MIN_LENGTH, stop("password.tooShortForOperator"))
  .max(PASSWORD_MAX_LENGTH, key("password.tooLong"));

/**
 * The password on an edit form: left untouched it is not sent (or sent empty) and stays as it
 * was; a new one follows the same rules as on create.
 */
export const changedPasswordField = z
  .string({ error: "field.invalid" })
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(newPasswordField.optional());

/** A printer's address, optional: dotted IPv4 when given, null when empty. */
export const printerIpField = z
  .string({ error: "ip.invalid" })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value == null || isValidIpv4(value), key("ip.invalid"));

/** The venue's print agent, as the browser's WebSocket reaches it; optional. */
export const printServiceUrlField = z
  .string({ error: "printServiceUrl.invalid" })
  .trim()
  .max(200, key("text.tooLong"))
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value == null || isValidPrintServiceUrl(value), key("printServiceUrl.invalid"));

/** The venue's Google review link, optional: an https address when given, null when empty. */
export const googleReviewUrlField = z
  .string({ error: "googleReviewUrl.invalid" })
  .trim()
  .max(500, key("text.tooLong"))
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value == null || isValidGoogleReviewUrl(value), key("googleReviewUrl.invalid"));

/** Money typed on a form, in integer cents (docs/architecture.md); the web converts euros. */
export const priceField = z
  .number({ error: "price.invalid" })
  .int(key("price.invalid"))
  .min(0, key("price.invalid"))
  .max(100_000_000, key("price.invalid"));

/** References to other rows of the venue; repeats are dropped. */
export const idList = z
  .array(z.number({ error: "field.invalid" }).int(key("field.invalid")).positive(key("field.invalid")), {
    error: "field.invalid",
  })
  .max(1000, key("field.invalid"))
  .default([])
  .transform((ids) => [...new Set(ids)]);
