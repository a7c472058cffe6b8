import { useParams } from "react-router";
import { SetPasswordForm } from "./set-password-form.tsx";
import { StaffLoginLayout } from "./staff-area.tsx";

/** /service/set-password/{token}: where a one-time link lets a new account choose its password. */
export default function SetPasswordPage() {
  const { token = "" } = useParams();
  return (
    <StaffLoginLayout testId="set-password-page">
      <SetPasswordForm token={token} />
    </StaffLoginLayout>
  );
}
