import { StaffArea } from "./staff-area.tsx";
import { StaffLanding } from "./staff-landing.tsx";

/** /service/admin: administration and cash desk (ROLE_ADMIN, ROLE_CASH_DESK). */
export default function AdminPage() {
  return (
    <StaffArea area="admin" authorities={["ROLE_ADMIN", "ROLE_CASH_DESK"]}>
      {(account) => <StaffLanding area="admin" account={account} />}
    </StaffArea>
  );
}
