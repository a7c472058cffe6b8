import { StaffArea } from "./staff-area.tsx";
import { StaffLanding } from "./staff-landing.tsx";

/** /service/wait: the waiter area (ROLE_EMPLOYEE). */
export default function WaiterPage() {
  return (
    <StaffArea area="wait" authorities={["ROLE_EMPLOYEE"]}>
      {(account) => <StaffLanding area="wait" account={account} />}
    </StaffArea>
  );
}
