/** The register's query parameters (spec 3 §2.3): the sale's source, and its table for a dine-in sale. */
const REGISTER_PARAMS = ["source", "tableId", "tableLabel"] as const;
type RegisterParam = (typeof REGISTER_PARAMS)[number];

/** The register's parameters carried to the next screen, with some set (null removes one). */
export function registerQuery(current: URLSearchParams, changes: Partial<Record<RegisterParam, string | null>> = {}): string {
  const next = new URLSearchParams();
  for (const name of REGISTER_PARAMS) {
    const value = name in changes ? changes[name] : current.get(name);
    if (value != null && value !== "") next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}
