import { VALIDATION_MESSAGES } from "@tableorder/domain/validation-messages";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useSubmitContactForm } from "../../../features/contact/api/submit-contact-form.ts";
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactMessageKey,
  contactFieldError,
  serverFieldErrors,
} from "../../../features/contact/contact-form-rules.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./public.module.css";

type Values = Record<ContactField, string>;

const INPUT: Record<ContactField, { type: string; autoComplete: string; inputMode?: "tel" | "email" }> = {
  name: { type: "text", autoComplete: "name" },
  companyName: { type: "text", autoComplete: "organization" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
};

/**
 * A venue owner leaves their details to be called (spec 1 §2, §5). Each field is checked as it is
 * typed, by the same rules as the server; the server's own field errors show under the fields.
 */
export default function ContactPage() {
  const { t } = useTranslation();
  const { site: lang } = useLanguage();
  const navigate = useNavigate();
  const submit = useSubmitContactForm();
  const [values, setValues] = useState<Values>({ name: "", companyName: "", phone: "", email: "" });
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, ContactMessageKey>>>({});

  const errorOf = (field: ContactField): ContactMessageKey | null =>
    touched[field] ? (contactFieldError(field, values[field]) ?? serverErrors[field] ?? null) : null;

  const onChange = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    setTouched({ name: true, companyName: true, phone: true, email: true });
    const firstInvalid = CONTACT_FIELDS.find((field) => contactFieldError(field, values[field]));
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    submit.mutate(
      {
        name: values.name.trim(),
        companyName: values.companyName.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
      },
      {
        onSuccess: () => {
          toast.success(t("contact.success"), { arrival: true });
          navigate("/");
        },
        onError: (error) => {
          if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.body));
          toast.error(t("contact.failed"));
        },
      },
    );
  };

  return (
    <main className={styles.page} data-testid="contact-page">
      <h1 className={styles.pageTitle}>{t("contact.title")}</h1>
      <p className={styles.pageIntro}>{t("contact.intro")}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="contact-form">
        {CONTACT_FIELDS.map((field) => {
          const error = errorOf(field);
          const id = `contact-${field}`;
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {t(`contact.${field}`)}
              </label>
              <input
                id={id}
                name={field}
                className={styles.input}
                type={INPUT[field].type}
                autoComplete={INPUT[field].autoComplete}
                inputMode={INPUT[field].inputMode}
                value={values[field]}
                onChange={(event) => onChange(field, event.target.value)}
                onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                aria-required="true"
                data-testid={id}
              />
              {error && (
                <span id={`${id}-error`} className={styles.fieldError} data-testid={`${id}-error`}>
                  {VALIDATION_MESSAGES[error][lang]}
                </span>
              )}
            </div>
          );
        })}
        <Button type="submit" size="lg" block loading={submit.isPending} data-testid="contact-submit">
          {t("contact.submit")}
        </Button>
      </form>
    </main>
  );
}
