import type { Db } from "../../src/db/client.ts";
import type { buildBackOfficeVenue, buildRunningVenue } from "./factories.ts";
import { apiClient } from "./http.ts";
import { startTestServer, type TestServer } from "./test-app.ts";

export type ApiClient = ReturnType<typeof apiClient>;
export type RunningVenue = Awaited<ReturnType<typeof buildRunningVenue>>;
export type BackOfficeVenue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

/** The members of a built venue that are staff accounts (they have a login). */
type StaffOf<V> = { [K in keyof V]: V[K] extends { login: string } ? K : never }[keyof V];

/** The server, its API client, the venue, then a signed-in token for each staff member named. */
export type VenueServer<V, T extends readonly PropertyKey[]> = [TestServer, ApiClient, V, ...{ [I in keyof T]: string }];

/**
 * The set-up most integration files open with: a test server, a client for its API, a venue built
 * on its database (e.g. buildRunningVenue) and the tokens of the staff the file acts as, e.g.
 * `[server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"])`. A tuple,
 * so that it lands in the file's own variables in one line.
 */
export async function startVenueServer<V, const T extends readonly StaffOf<V>[] = []>(
  build: (db: Db) => Promise<V>,
  signIn: T = [] as unknown as T,
  serverOptions?: Parameters<typeof startTestServer>[0],
): Promise<VenueServer<V, T>> {
  const server = await startTestServer(serverOptions);
  const api = apiClient(server.baseUrl);
  const venue = await build(server.database.db);
  const tokens: string[] = [];
  for (const member of signIn) tokens.push(await api.login((venue[member] as { login: string }).login));
  return [server, api, venue, ...tokens] as unknown as VenueServer<V, T>;
}
