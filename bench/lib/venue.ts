import { expectOk, type HttpClient, tokenOf } from "./http-client.ts";

/** Signs a staff account in (admin, cook, waiter) and returns its bearer token. */
export async function signIn(http: HttpClient, username: string, password: string): Promise<string> {
  const response = await http.post("/api/authenticate", { username, password, rememberMe: false });
  return tokenOf(expectOk(response, `sign-in of "${username}"`));
}

/** A guest as the customer app makes one: anonymous sign-in, then check-in at the table with this code. */
export async function seatGuest(http: HttpClient, code: string): Promise<{ token: string; tableId: number }> {
  const token = tokenOf(expectOk(await http.post("/api/authenticate-anonymous", {}), "guest sign-in"));
  const { tableId } = expectOk(await http.get(`/api/cq-table/code/${code}`, token), `table ${code}`).body;
  expectOk(await http.post(`/api/cq-table/check-in/${tableId}`, {}, token), `check-in at ${code}`);
  return { token, tableId };
}
