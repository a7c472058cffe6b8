import type { AuditStaffMember } from "@tableorder/domain/contracts/audit";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** GET api/crm/audit/staff: everyone of the venue who can appear in the trail, for its filter. */
export function useAuditStaff() {
  return useQuery({
    queryKey: ["audit", "staff"],
    queryFn: ({ signal }) => apiGet<AuditStaffMember[]>("/api/crm/audit/staff", { signal }),
    staleTime: 60_000,
  });
}
