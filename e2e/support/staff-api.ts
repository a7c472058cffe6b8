/** Signs a staff member in through the API, as the UI does; answers the bearer token. */
export async function signIn(baseUrl: string, username: string, password = "demo1234"): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authenticate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, rememberMe: false }),
  });
  const header = response.headers.get("Authorization");
  if (!response.ok || !header) throw new Error(`sign-in of ${username} failed: ${response.status}`);
  return header.slice("Bearer ".length);
}

/** One API call (with a token, or none for a visitor's), for arranging what a test's screens do not cover; throws unless 2xx. */
export async function api<T>(
  baseUrl: string,
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.text()) || "null";
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${response.status} ${body}`);
  return JSON.parse(body) as T;
}

/** A second waiter, supervising every table of the venue, made by its administrator. */
export async function addWaiterForAllTables(baseUrl: string, userName: string): Promise<void> {
  const admin = await signIn(baseUrl, "admin");
  const tables = await api<{ id: number }[]>(baseUrl, "/api/crm/tables", admin);
  await api(baseUrl, "/api/crm/waiter", admin, {
    body: { firstName: "Ελένη", lastName: "Δημητρίου", userName, password: "demo1234", tableIds: tables.map((t) => t.id) },
  });
}
