import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCategory, buildStaff, buildVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
});
afterAll(async () => server?.close());

/** A venue of its own with its administrator signed in, so each test starts from known categories. */
async function venueWith(...names: string[]) {
  const venue = await buildVenue(server.database.db);
  const admin = await buildStaff(server.database.db, venue.id, "ADMIN");
  for (const name of names) await buildCategory(server.database.db, venue.id, { name });
  return { venue, token: await api.login(admin.login) };
}

const categories = async (token: string) =>
  (await api.get("/api/crm/product-categories", token)).body as { id: number; name: string; nameEng: string | null }[];
const asSent = (list: { id: number; name: string; nameEng: string | null }[]) =>
  list.map(({ id, name, nameEng }) => ({ id, name, nameEng }));

describe("category names are unique within a venue (category_name_already_exists)", () => {
  it("refuses a new category named like an existing one, whatever its case, accents or spaces", async () => {
    const { token } = await venueWith("Ορεκτικά");
    const before = await categories(token);
    for (const name of ["Ορεκτικά", "ορεκτικά ", "ΟΡΕΚΤΙΚΑ"]) {
      const refused = await api.post("/api/crm/product-categories", [...asSent(before), { name }], token);
      expect(refused.status).toBe(400);
      expect(refused.headers.get("x-app-error")).toBe("error.category_name_already_exists");
      // The row the editor shows the error on: the second of the two.
      expect(refused.body.params).toEqual({ index: 1, name: name.trim() });
    }
    expect(await categories(token)).toEqual(before);
  });

  it("refuses renaming a category into another's name, and two new rows with one name", async () => {
    const { token } = await venueWith("Σαλάτες", "Ορεκτικά");
    const [salads, starters] = await categories(token);
    const renamed = await api.post(
      "/api/crm/product-categories",
      [
        { id: salads.id, name: "Σαλάτες", nameEng: null },
        { id: starters.id, name: "σαλάτες", nameEng: null },
      ],
      token,
    );
    expect(renamed.headers.get("x-app-error")).toBe("error.category_name_already_exists");
    const twoNew = await api.post("/api/crm/product-categories", [{ name: "Γλυκά" }, { name: "γλυκα" }], token);
    expect(twoNew.headers.get("x-app-error")).toBe("error.category_name_already_exists");
    expect((await categories(token)).map((c) => c.name)).toEqual(["Σαλάτες", "Ορεκτικά"]);
    // Swapping two names in one save is no repeat: the list as saved has each name once.
    const swapped = await api.post(
      "/api/crm/product-categories",
      [
        { id: salads.id, name: "Ορεκτικά", nameEng: null },
        { id: starters.id, name: "Σαλάτες", nameEng: null },
      ],
      token,
    );
    expect(swapped.status).toBe(200);
  });

  it("another venue may have a category of the same name", async () => {
    const { token } = await venueWith("Ορεκτικά");
    const other = await venueWith();
    const saved = await api.post("/api/crm/product-categories", [{ name: "Ορεκτικά" }], other.token);
    expect(saved.status).toBe(200);
    expect((await categories(other.token)).map((c) => c.name)).toEqual(["Ορεκτικά"]);
    expect((await categories(token)).map((c) => c.name)).toEqual(["Ορεκτικά"]);
  });

  it("two editors adding the same name at once leave it once, on an empty venue and beside other categories", async () => {
    for (const start of [[], ["Σαλάτες"]]) {
      const { token } = await venueWith(...start);
      const before = asSent(await categories(token));
      const answers = await Promise.all(
        ["Ορεκτικά", "ορεκτικά ", "ΟΡΕΚΤΙΚΑ", "Ορεκτικα"].map((name) =>
          api.post("/api/crm/product-categories", [...before, { name }], token),
        ),
      );
      // Each save is the whole list: the later ones replace the earlier ones' new row.
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const names = (await categories(token)).map((c) => c.name);
      expect(names).toHaveLength(start.length + 1);
      expect(names.slice(0, start.length)).toEqual(start);
    }
  });
});
