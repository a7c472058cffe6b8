/** A jsonb value from raw SQL: node-postgres hands it back parsed, some PGlite paths as text. */
export function jsonValue<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
