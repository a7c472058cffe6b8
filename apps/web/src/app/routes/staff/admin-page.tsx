import { AdminShell } from "../admin/admin-shell.tsx";
import { StaffArea } from "./staff-area.tsx";

/** /service/admin: administration and cash desk (ROLE_ADMIN, ROLE_CASH_DESK). */
export default function AdminPage() {
  return (
    <StaffArea area="admin" authorities={["ROLE_ADMIN", "ROLE_CASH_DESK"]}>
      {(account) => <AdminShell account={account} />}
    </StaffArea>
  );
}
