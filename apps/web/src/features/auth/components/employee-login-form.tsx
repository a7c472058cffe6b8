import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { getSessionEndReason } from "../../../lib/session.ts";
import { useAuthenticate } from "../api/authenticate.ts";
import styles from "./auth.module.css";

/**
 * The staff sign-in of the admin, preparation and service areas. Submit stays disabled until
 * both fields are filled; a failure message clears as soon as either field is edited. After
 * repeated failures the server locks the sign-in for a while, and the message says for how long.
 */
export function EmployeeLoginForm({ title, notice }: { title: string; notice?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // Spec 3 §3 sends the flag as true: a till or kitchen browser restarted mid-shift stays signed in.
  // Unticking it is the way out on a shared device.
  const [rememberMe, setRememberMe] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const login = useAuthenticate();
  const endReason = getSessionEndReason();
  const canSubmit = username.trim() !== "" && password !== "";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || login.isPending) return;
    setFailure(null);
    login.mutate({ username: username.trim(), password, rememberMe }, { onError: (error) => setFailure(failureMessage(error)) });
  };

  // A locked sign-in (429) says how long to wait, in whole minutes: the lock is 30 s to 15 min.
  const failureMessage = (error: unknown): string => {
    if (!(error instanceof ApiError)) return errorMessage(error);
    // A venue the platform disabled: the password was right, so say why it still cannot sign in.
    if (error.key === "venue_disabled") return errorMessage(error);
    if (error.status === 401 || error.status === 400) return t("staffLogin.failed");
    if (error.status === 429) {
      return t("staffLogin.tooManyAttempts", { count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) });
    }
    return errorMessage(error);
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setFailure(null);
  };

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate data-testid="employee-login-form">
      <h1 className={styles.title}>{title}</h1>
      {notice && <p className={styles.notice}>{notice}</p>}
      {!notice && endReason && !failure && <p className={styles.notice}>{t(endReason)}</p>}
      <label className={styles.field} htmlFor={`${id}-username`}>
        <span>{t("staffLogin.username")}</span>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => edit(setUsername)(e.target.value)}
          data-testid="login-username"
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-password`}>
        <span>{t("staffLogin.password")}</span>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => edit(setPassword)(e.target.value)}
          data-testid="login-password"
        />
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
          data-testid="login-remember"
        />
        <span>{t("staffLogin.rememberMe")}</span>
      </label>
      {failure && (
        <p className={styles.error} role="alert" data-testid="login-error">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" block disabled={!canSubmit} loading={login.isPending} data-testid="login-submit">
        {t("staffLogin.submit")}
      </Button>
    </form>
  );
}
