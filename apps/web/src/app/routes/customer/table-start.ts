import type { TableStart } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import type { DataTag, QueryClient, QueryKey, QueryMeta } from "@tanstack/react-query";
import { accountQueryOptions } from "../../../features/auth/api/get-account.ts";
import { closedAreasQueryOptions } from "../../../features/menu/api/get-closed-areas.ts";
import { tableMenuQueryOptions } from "../../../features/menu/api/get-table-menu.ts";
import { checkInQueryOptions } from "../../../features/table-feed/api/check-in.ts";
import { tableByCodeQueryOptions } from "../../../features/table-feed/api/get-table-by-code.ts";
import { getTableStart } from "../../../features/table-feed/api/get-table-start.ts";
import { venueHeaderQueryOptions } from "../../../features/table-feed/api/get-venue-header.ts";
import { getToken } from "../../../lib/session.ts";

/**
 * Puts an answer in the cache under a query's key. The query is built with its meta first: a
 * query made by setQueryData alone has none, and would lose what anyone may read (the code, the
 * menu) at the sign-in that follows (providers.tsx), to fetch it again.
 */
function seed<T>(queryClient: QueryClient, options: { queryKey: DataTag<QueryKey, T, Error>; meta?: QueryMeta }, data: T): void {
  queryClient.getQueryCache().build(queryClient, { queryKey: options.queryKey, meta: options.meta });
  queryClient.setQueryData(options.queryKey, data);
}

/** A guest's reservation at a table, as the check-in (or a sign-in that checked in) answers it. */
export function seedCheckIn(queryClient: QueryClient, reservation: { id: number; tableId: number }, accountId: number): void {
  seed(queryClient, checkInQueryOptions(reservation.tableId, accountId), { id: reservation.id });
}

/**
 * Puts the public part of a table's start (the start call's, or the one the server rendered the
 * page from) where the table's screens read it: under the keys of the code lookup, the venue's
 * header and the menu in `lang`, and the closed areas. Each screen keeps its own query and finds it
 * answered and fresh, so none asks again.
 */
export function seedPublicTableStart(
  queryClient: QueryClient,
  start: Pick<TableStart, "table" | "retailerInfo" | "menu" | "closedAreas">,
  lang: UiLanguage,
  /** The code the guest's address holds, the lookup's key (the table's own code where it is not known). */
  tableCode = start.table.tableCode,
): void {
  const { tableId } = start.table;
  seed(queryClient, tableByCodeQueryOptions(tableCode), start.table);
  seed(queryClient, venueHeaderQueryOptions(tableId, lang), start.retailerInfo);
  seed(queryClient, tableMenuQueryOptions(tableId, lang), start.menu);
  seed(queryClient, closedAreasQueryOptions(tableId), start.closedAreas);
}

/** A start call's answer in the cache: its public part and, when this account is checked in here, the check-in. */
export function seedTableStart(
  queryClient: QueryClient,
  start: TableStart,
  { tableCode, lang, accountId }: { tableCode: string; lang: UiLanguage; accountId: number | null },
): void {
  seedPublicTableStart(queryClient, start, lang, tableCode);
  if (start.reservationId !== null && accountId !== null)
    seedCheckIn(queryClient, { id: start.reservationId, tableId: start.table.tableId }, accountId);
}

/**
 * Starts a table's pages with one call. The start call goes out under the code lookup's key, so
 * the layout's lookup waits for it instead of asking again, and seeds the rest on its way in. A
 * phone with a token asks for its account alongside (the layout asks for it too: one request),
 * to know whether the reservation the start answers is this account's. A table already known
 * (another language chosen) fetches only that language's menu and closed areas.
 */
export function startTable(queryClient: QueryClient, tableCode: string, lang: UiLanguage): Promise<unknown> {
  const lookup = tableByCodeQueryOptions(tableCode);
  const known = queryClient.getQueryData(lookup.queryKey);
  if (known) {
    return Promise.all([
      queryClient.prefetchQuery(tableMenuQueryOptions(known.tableId, lang)),
      queryClient.prefetchQuery(closedAreasQueryOptions(known.tableId)),
    ]);
  }
  return queryClient.fetchQuery({
    ...lookup,
    queryFn: async ({ signal }) => {
      const account = getToken() ? queryClient.fetchQuery(accountQueryOptions(true)).catch(() => null) : null;
      const start = await getTableStart(tableCode, signal);
      seedTableStart(queryClient, start, { tableCode, lang, accountId: (await account)?.id ?? null });
      return start.table;
    },
  });
}
