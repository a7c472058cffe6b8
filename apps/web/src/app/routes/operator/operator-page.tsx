import { StaffArea } from "../staff/staff-area.tsx";
import { OperatorConsole } from "./operator-console.tsx";

/** /service/operator: the platform operator's console (issue 18, ROLE_MANAGER). */
export default function OperatorPage() {
  return (
    <StaffArea area="operator" authorities={["ROLE_MANAGER"]}>
      {(account) => <OperatorConsole account={account} />}
    </StaffArea>
  );
}
