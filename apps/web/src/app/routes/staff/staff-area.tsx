import type { Account } from "@tableorder/domain/contracts/auth";
import type { Authority } from "@tableorder/domain/enums";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { StaffOutboxBanner } from "../../../components/staff-outbox-banner.tsx";
import { ACCOUNT_QUERY_KEY, useAccount } from "../../../features/auth/api/get-account.ts";
import { EmployeeLoginForm } from "../../../features/auth/components/employee-login-form.tsx";
import { hasAnyAuthority } from "../../../features/auth/has-authority.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useToken } from "../../../lib/session.ts";
import styles from "./staff.module.css";

export type StaffAreaKey = "admin" | "prep" | "wait" | "operator";

export interface StaffAreaProps {
  area: StaffAreaKey;
  /** Who may use the area (spec 1 §6, spec 2 §6). */
  authorities: readonly Authority[];
  children: (account: Account) => ReactNode;
}

/**
 * The gate of a staff area: the employee login form until an account with the area's role is
 * signed in, then the area itself. Another role's account is asked to sign in again, except the
 * platform operator, who is taken to its console.
 */
export function StaffArea(props: StaffAreaProps) {
  // Above the gate too: a reload in a dead spot that cannot read the account still says what waits.
  return (
    <>
      <StaffOutboxBanner />
      <StaffAreaGate {...props} />
    </>
  );
}

function StaffAreaGate({ area, authorities, children }: StaffAreaProps) {
  const { t } = useTranslation();
  const token = useToken();
  const { account, isLoading, error } = useAccount();
  const queryClient = useQueryClient();
  if (token && isLoading) {
    return (
      <main className={styles.loginPage}>
        <DelayedSkeleton rows={3} />
      </main>
    );
  }
  if (account && hasAnyAuthority(account, authorities)) return <>{children(account)}</>;
  // Signed in, but the server did not answer (a reload in a dead spot): not a sign-in's business.
  // The banner above says what waits; the account is read again once anything gets through.
  if (token && error instanceof ApiError && error.status === 0) {
    return (
      <StaffLoginLayout testId="staff-unreachable">
        <p className={styles.unreachable}>{t("outbox.unreachable")}</p>
        <Button onClick={() => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY })}>{t("common.retry")}</Button>
      </StaffLoginLayout>
    );
  }
  // The platform operator signs in at any employee login and has only its console (issue 18).
  if (area !== "operator" && hasAnyAuthority(account, ["ROLE_MANAGER"])) return <Navigate to="/service/operator" replace />;
  return (
    <StaffLoginLayout testId={`staff-login-${area}`}>
      <EmployeeLoginForm title={t(`staffLogin.title.${area}`)} notice={account ? t("staffLogin.wrongRole") : undefined} />
    </StaffLoginLayout>
  );
}

/** The page around a staff sign-in card: the brand home and the language. */
export function StaffLoginLayout({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className={styles.loginPage} data-testid={testId}>
      <div className={styles.loginTop}>
        <Link to="/" className={styles.brand}>
          {t("app.name")}
        </Link>
        <LanguageToggle />
      </div>
      {children}
    </main>
  );
}
