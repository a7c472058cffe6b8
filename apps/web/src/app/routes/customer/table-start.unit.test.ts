import type { TableStart } from "@tableorder/domain/contracts/table";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { closedAreasQueryOptions } from "../../../features/menu/api/get-closed-areas.ts";
import { tableMenuQueryOptions } from "../../../features/menu/api/get-table-menu.ts";
import { checkInQueryOptions } from "../../../features/table-feed/api/check-in.ts";
import { tableByCodeQueryOptions } from "../../../features/table-feed/api/get-table-by-code.ts";
import { seedTableStart } from "./table-start.ts";

const start: TableStart = {
  table: { tableId: 7, tableCode: "demo-7" },
  retailerInfo: { name: "Ταβέρνα", thumbnailUrl: null, type: "TAVERN", mainCuisine: null, secondaryCuisine: [], tableName: "7" },
  menu: [{ id: 1, name: "Σαλάτες", untranslated: false, products: [] }],
  closedAreas: [{ id: 3, name: "Κουζίνα" }],
  reservationId: 41,
  callWaiterRequestId: null,
  activePaymentRequestId: null,
};

/** Whether a screen's query, mounted now with its own options, would ask the server. */
async function wouldFetch(queryClient: QueryClient, options: object): Promise<boolean> {
  const queryFn = vi.fn(async () => "fetched");
  const observer = new QueryObserver(queryClient, { ...options, queryFn } as never);
  const unsubscribe = observer.subscribe(() => {});
  await Promise.resolve();
  unsubscribe();
  return queryFn.mock.calls.length > 0;
}

describe("seedTableStart", () => {
  it("answers the screens' own queries, under their keys, fresh: none asks the server", async () => {
    const queryClient = new QueryClient();
    seedTableStart(queryClient, start, { tableCode: "demo-7", lang: "en", accountId: 5 });
    const screens = [
      tableByCodeQueryOptions("demo-7"),
      tableMenuQueryOptions(7, "en"),
      closedAreasQueryOptions(7),
      checkInQueryOptions(7, 5),
    ];
    expect(screens.map((options) => queryClient.getQueryData(options.queryKey))).toEqual([
      start.table,
      start.menu,
      start.closedAreas,
      { id: 41 },
    ]);
    for (const options of screens) expect(await wouldFetch(queryClient, options)).toBe(false);
    // What anyone may read stays so, to survive the sign-in that follows (providers.tsx).
    const meta = (options: { queryKey: readonly unknown[] }) =>
      queryClient.getQueryCache().find({ queryKey: options.queryKey })?.meta;
    expect(screens.slice(0, 3).map(meta)).toEqual([{ readByAnyone: true }, { readByAnyone: true }, { readByAnyone: true }]);
    // Unseeded, the same query asks.
    expect(await wouldFetch(new QueryClient(), tableMenuQueryOptions(7, "en"))).toBe(true);
    // The menu is the language's it was asked in; another language is still fetched.
    expect(queryClient.getQueryData(tableMenuQueryOptions(7, "el").queryKey)).toBeUndefined();
  });

  it("leaves the check-in to be made when the start names no reservation, or no account is known", () => {
    const notSeated = new QueryClient();
    seedTableStart(notSeated, { ...start, reservationId: null }, { tableCode: "demo-7", lang: "el", accountId: 5 });
    expect(notSeated.getQueryData(checkInQueryOptions(7, 5).queryKey)).toBeUndefined();
    const noAccount = new QueryClient();
    seedTableStart(noAccount, start, { tableCode: "demo-7", lang: "el", accountId: null });
    expect(noAccount.getQueryCache().findAll({ queryKey: ["check-in"] })).toHaveLength(0);
  });
});
