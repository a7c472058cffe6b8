import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retailers } from "../src/db/schema.ts";
import { buildArea, buildCategory, buildProduct, buildStaff, buildTable, buildVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/** The venue's menu in German, French and Italian (issue 33 part 2, decision 046). */

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
});
afterAll(async () => server?.close());

const db = () => server.database.db;

/** A venue of its own, its administrator signed in; translations on unless told. */
async function ownVenue(values: Partial<typeof retailers.$inferInsert> = {}) {
  const place = await buildVenue(db(), { translationsActive: true, nameEng: "The Spot", mainCuisine: "SEAFOOD", ...values });
  const owner = await buildStaff(db(), place.id, "ADMIN");
  const kitchen = await buildArea(db(), place.id, { name: "Κουζίνα" });
  const category = await buildCategory(db(), place.id, { name: "Σαλάτες", nameEng: "Salads" });
  return { place, owner, kitchen, category, token: await api.login(owner.login) };
}

const settings = (values: Record<string, unknown>) => ({
  name: "Το Στέκι",
  nameEng: "The Spot",
  type: "RESTAURANT",
  mainCuisine: "SEAFOOD",
  translationsActive: true,
  firstName: "Μαρία",
  lastName: "Κ.",
  ...values,
});

describe("the menu's languages in the shop settings", () => {
  it("are English by default, saved in the list's order once each, and kept when a form leaves them out", async () => {
    const { owner, token } = await ownVenue();
    expect((await api.get("/api/crm/retailer", token)).body.menuLanguages).toEqual(["en"]);

    const saved = await api.post(
      "/api/crm/retailer",
      settings({ username: owner.login, menuLanguages: ["it", "de", "en", "de"] }),
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.menuLanguages).toEqual(["en", "de", "it"]);
    expect((await api.get("/api/crm/translation-languages", token)).body).toEqual(["en", "de", "it"]);

    // The spec's form has no such field: the venue's languages stay.
    await api.post("/api/crm/retailer", settings({ username: owner.login }), token);
    expect((await api.get("/api/crm/retailer", token)).body.menuLanguages).toEqual(["en", "de", "it"]);

    const refused = await api.post("/api/crm/retailer", settings({ username: owner.login, menuLanguages: ["es"] }), token);
    expect(refused.status).toBe(400);

    // Translations off: the translation tab has no column at all.
    await api.post("/api/crm/retailer", settings({ username: owner.login, translationsActive: false }), token);
    expect((await api.get("/api/crm/translation-languages", token)).body).toEqual([]);
  });
});

describe("translations of products, options and categories", () => {
  it("are saved per language beside English, blanks left out, and read back", async () => {
    const { token, category, kitchen } = await ownVenue({ menuLanguages: ["en", "de", "fr"] });
    const created = await api.post(
      "/api/crm/product",
      {
        name: "Χωριάτικη",
        nameEng: "Greek salad",
        nameTranslations: { de: "Bauernsalat", fr: "  ", it: "Insalata greca" },
        description: "Με φέτα",
        descriptionEng: "With feta",
        descriptionTranslations: { de: "Mit Feta" },
        categoryId: category.id,
        preparationAreaId: kitchen.id,
        price: 950,
        extraIngredients: [{ name: "Κάπαρη", nameEng: "Capers", nameTranslations: { de: "Kapern" }, price: 50 }],
      },
      token,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      nameTranslations: { de: "Bauernsalat", it: "Insalata greca" },
      descriptionTranslations: { de: "Mit Feta" },
      extraIngredients: [{ name: "Κάπαρη", nameTranslations: { de: "Kapern" } }],
      translationMissing: false,
      // French is offered and missing; Italian is written but not offered, so not asked for.
      translationsMissing: ["fr"],
    });
    expect((await api.get(`/api/crm/product/${created.body.id}`, token)).body.nameTranslations).toEqual({
      de: "Bauernsalat",
      it: "Insalata greca",
    });

    const categories = await api.post(
      "/api/crm/product-categories",
      [{ id: category.id, name: "Σαλάτες", nameEng: "Salads", nameTranslations: { de: "Salate", fr: "Salades" } }],
      token,
    );
    expect(categories.status).toBe(200);
    expect(categories.body[0].nameTranslations).toEqual({ de: "Salate", fr: "Salades" });
    expect((await api.get("/api/crm/products", token)).body[0].nameTranslations).toEqual({ de: "Salate", fr: "Salades" });
  });

  it("refuse a form without English only where English is offered; German, French and Italian are never refused", async () => {
    const { place, token, category } = await ownVenue({ menuLanguages: ["de"] });
    const product = { name: "Φάβα", categoryId: category.id, price: 600, preparationAreaId: null };
    expect((await api.post("/api/crm/product", product, token)).status).toBe(200);
    await db()
      .update(retailers)
      .set({ menuLanguages: ["en", "de"] })
      .where(eq(retailers.id, place.id));
    const refused = await api.post("/api/crm/product", product, token);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.map((e: any) => e.field)).toEqual(["nameEng"]);
  });
});

describe("api/crm/translation-missing per language", () => {
  it("answers English without a language, as the spec's call, and each offered language when asked", async () => {
    const { place, token, category } = await ownVenue({ menuLanguages: ["en", "de"] });
    await buildProduct(db(), place.id, { categoryId: category.id, name: "Ντάκος", nameEng: "Dakos" });
    const missing = (path: string, language?: string) =>
      api.get(`/api/crm/translation-missing${path}${language ? `?language=${language}` : ""}`, token).then((r) => r.body);

    expect(await missing("")).toBe(false);
    expect(await missing("", "en")).toBe(false);
    expect(await missing("", "de")).toBe(true);
    // French is not offered: nothing is missing in it.
    expect(await missing("", "fr")).toBe(false);
    expect(await missing("/product-category")).toBe(false);
    expect(await missing("/product-category", "de")).toBe(true);
    expect((await api.get("/api/crm/translation-missing?language=es", token)).status).toBe(400);

    const [shown] = (await api.get("/api/crm/products", token)).body;
    expect(shown.products[0]).toMatchObject({ translationMissing: false, translationsMissing: ["de"] });

    await api.post(
      "/api/crm/product-categories",
      [{ id: category.id, name: "Σαλάτες", nameEng: "Salads", nameTranslations: { de: "Salate" } }],
      token,
    );
    expect(await missing("/product-category", "de")).toBe(false);

    // Translations off: nothing is missing in any language.
    await db().update(retailers).set({ translationsActive: false }).where(eq(retailers.id, place.id));
    expect(await missing("", "de")).toBe(false);
  });
});

describe("the guest's menu in German", () => {
  it("shows German where the venue wrote it, else English, else Greek, marks what is untranslated, and keeps the kitchen Greek", async () => {
    const { place, category, kitchen } = await ownVenue({ menuLanguages: ["en", "de"] });
    const table = await buildTable(db(), place.id);
    const cook = await buildStaff(db(), place.id, "COOK", { preparationAreaId: kitchen.id });
    await api.post(
      "/api/crm/product-categories",
      [{ id: category.id, name: "Σαλάτες", nameEng: "Salads", nameTranslations: { de: "Salate" } }],
      await api.login((await buildStaff(db(), place.id, "ADMIN")).login),
    );
    const salad = await buildProduct(
      db(),
      place.id,
      {
        categoryId: category.id,
        name: "Χωριάτικη",
        nameEng: "Greek salad",
        nameTranslations: { de: "Bauernsalat", fr: "Salade grecque" },
        preparationAreaId: kitchen.id,
      },
      { extras: [{ name: "Κάπαρη", price: 50 }] },
    );
    await buildProduct(db(), place.id, {
      categoryId: category.id,
      name: "Ντάκος",
      nameEng: "Dakos",
      preparationAreaId: kitchen.id,
    });
    await buildProduct(db(), place.id, { categoryId: category.id, name: "Φάβα", preparationAreaId: kitchen.id });

    const menuIn = async (lang: string) => (await api.get(`/api/cq-table/${table.id}/menu?lang=${lang}`)).body;
    const german = await menuIn("de");
    expect(german).toHaveLength(1);
    expect(german[0]).toMatchObject({ name: "Salate", untranslated: false });
    const shown = german[0].products.map((p: any) => [p.name, p.untranslated]);
    expect(shown).toEqual([
      // The extra (Κάπαρη) has no German nor English: it shows in Greek, and marks the product.
      ["Bauernsalat", true],
      ["Dakos", true],
      ["Φάβα", true],
    ]);
    expect(german[0].products[0].extraIngredients[0].name).toBe("Κάπαρη");

    // French is not offered: the venue's French is not shown; English is.
    const french = await menuIn("fr");
    expect(french[0].products[0].name).toBe("Greek salad");
    expect(french[0].name).toBe("Salads");
    // English and Greek readers as before.
    expect((await menuIn("en"))[0].products.map((p: any) => p.name)).toEqual(["Greek salad", "Dakos", "Φάβα"]);
    expect((await menuIn("el"))[0].products.map((p: any) => p.name)).toEqual(["Χωριάτικη", "Ντάκος", "Φάβα"]);

    // The venue's cuisine in German on the table's start; the start's menu is the menu call's.
    const start = (await api.get(`/api/cq-table/code/${table.code}/start?lang=de`)).body;
    expect(start.retailerInfo.mainCuisine).toBe("Fisch & Meeresfrüchte");
    expect(start.menu).toEqual(german);

    // A German guest orders: their table reads German, the kitchen's ticket Greek.
    const guest = await api.seatedGuest(table.id);
    const live = await listen(server.wsUrl, guest, `/topic/customer/de/${table.id}`);
    const sent = await api.post(`/api/orders/${table.id}`, [{ id: salad.id, quantity: 1 }], guest);
    expect(sent.status).toBe(200);
    // The table's live state is pushed in German on its German topic.
    const pushed = await live.next((state: any) => state.tableFeed?.length > 0);
    expect(pushed.tableFeed.map((item: any) => item.name)).toEqual(["Bauernsalat"]);
    await live.close();
    const feed = (await api.get(`/api/orders/${table.id}/feed?lang=de`, guest)).body;
    expect(feed.tableFeed.map((item: any) => item.name)).toEqual(["Bauernsalat"]);
    const ticket = (await api.get(`/api/feed/kitchen/ticket/${sent.body.ticketIds[0]}`, await api.login(cook.login))).body;
    expect(JSON.stringify(ticket)).toContain("Χωριάτικη");
    expect(JSON.stringify(ticket)).not.toContain("Bauernsalat");

    // A change to the menu is read at once in German too (the menus' cache is dropped).
    const admin = await api.login((await buildStaff(db(), place.id, "ADMIN")).login);
    const product = (await api.get(`/api/crm/product/${salad.id}`, admin)).body;
    const changed = await api.put(
      `/api/crm/product/${salad.id}`,
      {
        ...product,
        // English is offered, so every text needs its English to save.
        extraIngredients: product.extraIngredients.map((extra: any) => ({ ...extra, nameEng: "Capers" })),
        nameTranslations: { de: "Dorfsalat" },
      },
      admin,
    );
    expect(changed.status).toBe(200);
    expect((await menuIn("de"))[0].products[0].name).toBe("Dorfsalat");
  });
});
