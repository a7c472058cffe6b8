import type { Authority } from "@tableorder/domain/enums";
import type { AccountRole } from "./principal.ts";

/** How account roles map to the spec's authorities (spec 1 §6). */
export function authoritiesOf(role: AccountRole, anonymous: boolean): Authority[] {
  switch (role) {
    case "ADMIN":
      return ["ROLE_ADMIN"];
    case "CASH_DESK":
      return ["ROLE_CASH_DESK"];
    case "WAITER":
      return ["ROLE_EMPLOYEE"];
    case "COOK":
      return ["ROLE_PREPARATION_AREA"];
    case "OPERATOR":
      return ["ROLE_MANAGER"];
    case "USER":
      return anonymous ? ["ROLE_USER", "ROLE_ANONYMOUS"] : ["ROLE_USER"];
  }
}
