import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, productImages, productOptions, products, retailers } from "../src/db/schema.ts";
import { buildArea, buildBackOfficeVenue, buildCategory, buildProduct, buildStaff, buildVenue } from "./support/factories.ts";
import { listen, trySubscribe } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: BackOfficeVenue, admin: string;
let guest: string;

beforeAll(async () => {
  [server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"]);
  guest = await api.seatedGuest(venue.table.id);
});
afterAll(async () => server?.close());

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const newProduct = (values: Record<string, unknown> = {}) => ({
  name: `Μουσακάς ${unique()}`,
  nameEng: "Moussaka",
  type: "GOOD",
  description: "Με μελιτζάνες",
  descriptionEng: "With aubergines",
  hasDineInPrice: true,
  price: 1250,
  hasTakeAwayPrice: true,
  takeAwayPrice: 1100,
  vatCategory: 2,
  categoryId: venue.category.id,
  preparationAreaId: venue.kitchen.id,
  allergens: ["milk", "gluten"],
  preparationWays: [{ name: "Ζεστός", nameEng: "Hot", price: 0 }],
  basicIngredients: [{ name: "Μπεσαμέλ", nameEng: "Béchamel" }],
  extraIngredients: [{ name: "Φέτα", nameEng: "Feta", price: 150 }],
  ...values,
});

/** The guest's menu as the guest screen reads it; its products by id. */
async function guestMenu(lang = "el") {
  const menu = await api.get(`/api/cq-table/${venue.table.id}/menu`, guest, { "accept-language": lang });
  expect(menu.status).toBe(200);
  return new Map<number, any>(menu.body.flatMap((c: any) => c.products).map((p: any) => [p.id, p]));
}

describe("products (api/crm/product…)", () => {
  it("creates a product with its options, in cents, and guests see it at once", async () => {
    await guestMenu(); // fills the menu cache, which the creation must drop
    const form = newProduct();
    const created = await api.post("/api/crm/product", form, admin);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: form.name,
      price: 1250,
      takeAwayPrice: 1100,
      vatCategory: 2,
      categoryId: venue.category.id,
      preparationAreaId: venue.kitchen.id,
      allergens: ["milk", "gluten"],
      active: true,
      imageUrl: null,
      translationMissing: false,
      basicIngredients: [{ id: expect.any(Number), name: "Μπεσαμέλ", nameEng: "Béchamel", price: 0 }],
      extraIngredients: [{ id: expect.any(Number), name: "Φέτα", nameEng: "Feta", price: 150 }],
    });
    expect((await api.get(`/api/crm/product/${created.body.id}`, admin)).body).toEqual(created.body);
    const shown = (await guestMenu()).get(created.body.id);
    expect(shown).toMatchObject({ name: form.name, price: 1250, allergens: ["milk", "gluten"] });
    expect((await guestMenu("en")).get(created.body.id).name).toBe("Moussaka");
  });

  it("edits keep the ids of options sent back, add new ones, drop the rest; old orders keep what they froze", async () => {
    const created = (
      await api.post(
        "/api/crm/product",
        newProduct({
          extraIngredients: [
            { name: "Φέτα", price: 150 },
            { name: "Αυγό", price: 100 },
          ],
        }),
        admin,
      )
    ).body;
    const [feta, egg] = created.extraIngredients;
    const ordered = await api.post(
      `/api/orders/${venue.table.id}`,
      [{ id: created.id, quantity: 1, extraIngredientIds: [egg.id] }],
      guest,
    );
    expect(ordered.status).toBe(200);

    const edited = await api.put(
      `/api/crm/product/${created.id}`,
      newProduct({
        name: created.name,
        price: 1400,
        extraIngredients: [
          { id: feta.id, name: "Φέτα Π.Ο.Π.", nameEng: "PDO feta", price: 200 },
          { name: "Μπέικον", price: 120 },
        ],
        basicIngredients: created.basicIngredients,
        preparationWays: [],
      }),
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.price).toBe(1400);
    expect(edited.body.preparationWays).toEqual([]);
    expect(edited.body.basicIngredients).toEqual(created.basicIngredients);
    expect(edited.body.extraIngredients).toEqual([
      { id: feta.id, name: "Φέτα Π.Ο.Π.", nameEng: "PDO feta", nameTranslations: {}, price: 200 },
      { id: expect.any(Number), name: "Μπέικον", nameEng: null, nameTranslations: {}, price: 120 },
    ]);
    const remaining = await server.database.db.select().from(productOptions).where(eq(productOptions.id, egg.id));
    expect(remaining).toEqual([]);
    const [unit] = await server.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, ordered.body.orderId));
    expect(unit.unitPriceCents).toBe(1250 + 100);
    expect(unit.options.extraIngredients).toEqual([
      { id: egg.id, name: "Αυγό", nameEng: null, nameTranslations: {}, priceCents: 100 },
    ]);
    expect((await guestMenu()).get(created.id).price).toBe(1400);
  });

  it("an option id of another product, or of another list, is refused (unknown_product_option)", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    const foreignOption = venue.souvlaki.ways[0].id;
    const foreign = await api.put(
      `/api/crm/product/${created.id}`,
      newProduct({ name: created.name, preparationWays: [{ id: foreignOption, name: "x" }] }),
      admin,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get("x-app-error")).toBe("error.unknown_product_option");
    const wrongList = await api.put(
      `/api/crm/product/${created.id}`,
      newProduct({ name: created.name, preparationWays: [{ id: created.extraIngredients[0].id, name: "x" }] }),
      admin,
    );
    expect(wrongList.headers.get("x-app-error")).toBe("error.unknown_product_option");
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).body).toEqual(created);
  });

  it("field rules answer their keys (spec 3 §5), never a 500", async () => {
    const empty = await api.post("/api/crm/product", {}, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.map((e: any) => [e.field, e.message])).toEqual([
      ["name", "product.name.required"],
      ["categoryId", "product.category.required"],
    ]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ categoryId: 0 }, "categoryId", "product.category.required"],
      [{ price: null }, "price", "product.price.required"],
      [{ hasTakeAwayPrice: true, takeAwayPrice: null }, "takeAwayPrice", "product.takeAwayPrice.required"],
      [{ price: 12.5 }, "price", "price.invalid"],
      [{ vatCategory: 12 }, "vatCategory", "vatCategory.invalid"],
      [{ preparationWays: [{ name: " " }] }, "preparationWays.0.name", "name.required"],
      [{ allergens: ["pork"] }, "allergens.0", "field.invalid"],
    ];
    for (const [change, field, message] of cases) {
      const response = await api.post("/api/crm/product", newProduct(change), admin);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.fieldErrors, JSON.stringify(change)).toEqual([{ objectName: "body", field, message }]);
    }
    // Without the dine-in flag an empty price is 0.
    const noPrice = await api.post("/api/crm/product", newProduct({ hasDineInPrice: false, price: null }), admin);
    expect(noPrice.body.price).toBe(0);
  });

  it("another venue's category or preparation area in the body is a 404", async () => {
    const other = await buildVenue(server.database.db);
    const foreignCategory = await buildCategory(server.database.db, other.id);
    const foreignArea = await buildArea(server.database.db, other.id);
    const byCategory = await api.post("/api/crm/product", newProduct({ categoryId: foreignCategory.id }), admin);
    expect(byCategory.status).toBe(404);
    expect(byCategory.body.params.entity).toBe("category");
    const byArea = await api.post("/api/crm/product", newProduct({ preparationAreaId: foreignArea.id }), admin);
    expect(byArea.status).toBe(404);
    expect(byArea.body.params.entity).toBe("preparationArea");
  });

  it("switching a product off removes it from the guest menu at once; on again needs a price", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    expect((await guestMenu()).has(created.id)).toBe(true);
    const off = await api.post(`/api/crm/product/${created.id}/active-status`, { active: false, serviceMode: "DINE_IN" }, admin);
    expect(off.body).toEqual({ id: created.id, active: false, serviceMode: "DINE_IN" });
    expect((await guestMenu()).has(created.id)).toBe(false);
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).body.active).toBe(false);
    await api.post(`/api/crm/product/${created.id}/active-status`, { active: true, serviceMode: "DINE_IN" }, admin);
    expect((await guestMenu()).has(created.id)).toBe(true);

    const unpriced = (await api.post("/api/crm/product", newProduct({ hasTakeAwayPrice: false, takeAwayPrice: null }), admin))
      .body;
    const refused = await api.post(
      `/api/crm/product/${unpriced.id}/active-status`,
      { active: true, serviceMode: "TAKE_AWAY" },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.price_required");
  });

  it("a product without a price for a service starts switched off for it; taking a price away switches it off", async () => {
    const created = (
      await api.post("/api/crm/product", newProduct({ hasDineInPrice: false, price: null, hasTakeAwayPrice: true }), admin)
    ).body;
    expect(created).toMatchObject({ active: false, takeAwayActive: true, price: 0 });
    expect((await guestMenu()).has(created.id)).toBe(false);
    const priced = (await api.put(`/api/crm/product/${created.id}`, newProduct({ name: created.name }), admin)).body;
    // An edit never switches a product on: the admin does, with the toggle.
    expect(priced).toMatchObject({ active: false, takeAwayActive: true });
    await api.post(`/api/crm/product/${created.id}/active-status`, { active: true, serviceMode: "DINE_IN" }, admin);
    const unpriced = (
      await api.put(
        `/api/crm/product/${created.id}`,
        newProduct({ name: created.name, hasTakeAwayPrice: false, takeAwayPrice: null }),
        admin,
      )
    ).body;
    expect(unpriced).toMatchObject({ active: true, takeAwayActive: false });
  });

  it("guests at the venue's tables hear a menu change on /topic/menu/{tableId} and refetch a fresh menu", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    expect((await guestMenu()).has(created.id)).toBe(true);
    const listener = await listen(server.wsUrl, guest, `/topic/menu/${venue.table.id}`);
    try {
      await api.post(`/api/crm/product/${created.id}/active-status`, { active: false, serviceMode: "DINE_IN" }, admin);
      expect(await listener.next()).toEqual({ changed: "catalog.changed" });
      // The signal comes after the server's menu cache was dropped: the refetch no longer has it.
      expect((await guestMenu()).has(created.id)).toBe(false);
    } finally {
      await listener.close();
    }
    // A guest hears only the table they checked in to; staff of another venue hear nothing of it.
    expect(await trySubscribe(server.wsUrl, guest, `/topic/menu/${venue.otherTable.id}`)).not.toBe("subscribed");
    const stranger = await buildVenue(server.database.db);
    const strangerAdmin = await api.login((await buildStaff(server.database.db, stranger.id, "ADMIN")).login);
    expect(await trySubscribe(server.wsUrl, strangerAdmin, `/topic/menu/${venue.table.id}`)).not.toBe("subscribed");
  });

  it("deleting a product (administrators only) is soft: gone from menus, its ordered units untouched", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    const order = await api.post(`/api/orders/${venue.table.id}`, [{ id: created.id, quantity: 1 }], guest);
    const cashDesk = await api.login(venue.cashDesk.login);
    expect((await api.del(`/api/crm/product/${created.id}`, cashDesk)).status).toBe(403);
    expect((await api.del(`/api/crm/product/${created.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).status).toBe(404);
    expect((await guestMenu()).has(created.id)).toBe(false);
    const [row] = await server.database.db.select().from(products).where(eq(products.id, created.id));
    expect(row.deletedAt).not.toBeNull();
    const units = await server.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, order.body.orderId));
    expect(units.map((u) => u.productName)).toEqual([created.name]);
    expect((await api.del(`/api/crm/product/${created.id}`, admin)).status).toBe(404);
  });
});

describe("the catalogue, categories and order", () => {
  it("GET api/crm/products lists categories in order, each with its products in order", async () => {
    const catalogue = (await api.get("/api/crm/products", admin)).body;
    const category = catalogue.find((c: any) => c.id === venue.category.id);
    expect(category.products.map((p: any) => p.id)).toEqual(
      expect.arrayContaining([venue.salad.id, venue.souvlaki.id, venue.coffee.id, venue.water.id]),
    );
    expect(category.products.find((p: any) => p.id === venue.salad.id)).toMatchObject({
      name: "Χωριάτικη",
      price: 950,
      basicIngredients: [
        { id: venue.salad.basics[0].id, name: "Κρεμμύδι", nameEng: null, price: 0 },
        { id: venue.salad.basics[1].id, name: "Ελιές", nameEng: null, price: 0 },
      ],
    });
  });

  it("reorders products within a category; guests see the new order", async () => {
    const category = await buildCategory(server.database.db, venue.venue.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await api.post("/api/crm/product", newProduct({ categoryId: category.id }), admin)).body.id);
    const [a, b, c] = ids;
    const reorder = await api.post("/api/crm/order-products", { productIds: [c, a], categoryId: category.id }, admin);
    expect(reorder.status).toBe(204);
    const listed = (await api.get("/api/crm/products", admin)).body.find((x: any) => x.id === category.id);
    expect(listed.products.map((p: any) => p.id)).toEqual([c, a, b]);
    const menu = await api.get(`/api/cq-table/${venue.table.id}/menu`, guest);
    expect(menu.body.find((x: any) => x.id === category.id).products.map((p: any) => p.id)).toEqual([c, a, b]);
    // A product of another category is not this category's to order.
    const foreign = await api.post("/api/crm/order-products", { productIds: [venue.salad.id], categoryId: category.id }, admin);
    expect(foreign.status).toBe(404);
  });

  it("saves the category list: renames, adds, reorders and deletes; a category with products stays", async () => {
    const before = (await api.get("/api/crm/product-categories", admin)).body;
    expect(before.find((c: any) => c.id === venue.category.id).productCount).toBeGreaterThan(0);
    const empty = await buildCategory(server.database.db, venue.venue.id, { name: "Άδεια" });
    const list = (await api.get("/api/crm/product-categories", admin)).body;

    const refused = await api.post(
      "/api/crm/product-categories",
      list.filter((c: any) => c.id !== venue.category.id),
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.category_has_products");
    expect((await api.get("/api/crm/product-categories", admin)).body).toEqual(list);

    const kept = list.filter((c: any) => c.id !== empty.id).reverse();
    const saved = await api.post(
      "/api/crm/product-categories",
      [
        ...kept.map((c: any) => ({ id: c.id, name: c.id === venue.category.id ? "Κυρίως" : c.name, nameEng: c.nameEng })),
        { name: "Γλυκά", nameEng: "Desserts" },
      ],
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.map((c: any) => c.id).slice(0, kept.length)).toEqual(kept.map((c: any) => c.id));
    expect(saved.body.map((c: any) => c.order)).toEqual(saved.body.map((_: any, i: number) => i));
    expect(saved.body.at(-1)).toMatchObject({ name: "Γλυκά", nameEng: "Desserts", productCount: 0 });
    expect(saved.body.find((c: any) => c.id === venue.category.id).name).toBe("Κυρίως");
    expect(saved.body.map((c: any) => c.id)).not.toContain(empty.id);
    const menu = await api.get(`/api/cq-table/${venue.table.id}/menu`, guest);
    expect(menu.body.find((c: any) => c.id === venue.category.id).name).toBe("Κυρίως");
  });

  it("category list rules: names required, ids must be the venue's", async () => {
    const blank = await api.post("/api/crm/product-categories", [{ name: "" }], admin);
    expect(blank.body.fieldErrors).toEqual([{ objectName: "body", field: "0.name", message: "name.required" }]);
    const foreign = await buildCategory(server.database.db, (await buildVenue(server.database.db)).id);
    const list = (await api.get("/api/crm/product-categories", admin)).body;
    const stolen = await api.post("/api/crm/product-categories", [...list, { id: foreign.id, name: "mine" }], admin);
    expect(stolen.status).toBe(404);
  });
});

describe("translations", () => {
  it("reports whether translations are on and missing, and requires them on save while on", async () => {
    const db = server.database.db;
    const place = await buildVenue(db, { translationsActive: false });
    const category = await buildCategory(db, place.id, { name: "Σαλάτες" });
    await buildProduct(db, place.id, { categoryId: category.id, name: "Ντάκος" });
    const owner = await api.login((await buildStaff(db, place.id, "ADMIN")).login);

    expect((await api.get("/api/crm/translations-active", owner)).body).toBe(false);
    expect((await api.get("/api/crm/translation-missing", owner)).body).toBe(false);
    expect((await api.get("/api/crm/translation-missing/product-category", owner)).body).toBe(false);

    await db.update(retailers).set({ translationsActive: true }).where(eq(retailers.id, place.id));
    expect((await api.get("/api/crm/translations-active", owner)).body).toBe(true);
    expect((await api.get("/api/crm/translation-missing", owner)).body).toBe(true);
    expect((await api.get("/api/crm/translation-missing/product-category", owner)).body).toBe(true);
    const catalogue = (await api.get("/api/crm/products", owner)).body;
    expect(catalogue[0].products[0].translationMissing).toBe(true);

    const untranslated = await api.post(
      "/api/crm/product",
      {
        name: "Φάβα",
        description: "Σαντορίνης",
        categoryId: category.id,
        price: 600,
        extraIngredients: [{ name: "Κάπαρη", price: 50 }],
      },
      owner,
    );
    expect(untranslated.status).toBe(400);
    expect(untranslated.body.fieldErrors.map((e: any) => [e.field, e.message])).toEqual([
      ["nameEng", "translation.required"],
      ["descriptionEng", "translation.required"],
      ["extraIngredients.0.nameEng", "translation.required"],
    ]);
    const categories = await api.post("/api/crm/product-categories", [{ id: category.id, name: "Σαλάτες" }], owner);
    expect(categories.body.fieldErrors).toEqual([{ objectName: "body", field: "0.nameEng", message: "translation.required" }]);
    await api.post("/api/crm/product-categories", [{ id: category.id, name: "Σαλάτες", nameEng: "Salads" }], owner);
    expect((await api.get("/api/crm/translation-missing/product-category", owner)).body).toBe(false);
  });
});

describe("product pictures", () => {
  let png: Buffer<ArrayBuffer>;
  let jpeg: Buffer<ArrayBuffer>;
  beforeAll(async () => {
    // Real pictures of a phone's proportions, so the square copies crop and shrink them.
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
    png = Buffer.from(await photo(800, 600).png().toBuffer());
    jpeg = Buffer.from(await photo(600, 900).jpeg().toBuffer());
  });
  const fetchImage = (url: string) => fetch(`${server.baseUrl}${url}`);
  const variantsOf = (imageUrl: string) => [
    { url: `${imageUrl}/160`, width: 160, height: 160 },
    { url: `${imageUrl}/320`, width: 320, height: 320 },
  ];

  it("uploads a picture, serves it publicly with long caching, and replaces it on a new upload", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    const uploaded = await api.upload(`/api/crm/product/${created.id}/image`, png, "image/png", admin);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.imageUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).body.imageUrl).toBe(uploaded.body.imageUrl);
    expect((await guestMenu()).get(created.id).imageUrl).toBe(uploaded.body.imageUrl);

    const served = await fetchImage(uploaded.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const replaced = await api.upload(`/api/crm/product/${created.id}/image`, jpeg, "image/jpeg", admin);
    expect(replaced.body.imageUrl).not.toBe(uploaded.body.imageUrl);
    expect((await fetchImage(uploaded.body.imageUrl)).status).toBe(404);
    expect((await fetchImage(`${uploaded.body.imageUrl}/160`)).status).toBe(404);
    expect((await fetchImage(replaced.body.imageUrl)).headers.get("content-type")).toBe("image/jpeg");

    expect((await api.del(`/api/crm/product/${created.id}/image`, admin)).status).toBe(204);
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).body.imageUrl).toBeNull();
    expect((await fetchImage(replaced.body.imageUrl)).status).toBe(404);
    expect((await fetchImage(`${replaced.body.imageUrl}/320`)).status).toBe(404);
  });

  it("makes square WebP copies of each width at upload, and the menus name them with their size", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    expect(created.imageVariants).toEqual([]);
    const { imageUrl } = (await api.upload(`/api/crm/product/${created.id}/image`, jpeg, "image/jpeg", admin)).body;
    const id = imageUrl.split("/").at(-1);
    // Made once, at upload: the copies are stored before anyone asks for them.
    const stored = await server.database.db
      .select({ id: productImages.id, contentType: productImages.contentType })
      .from(productImages)
      .where(like(productImages.id, `${id}%`));
    expect(stored.map((row) => [row.id, row.contentType]).sort()).toEqual([
      [id, "image/jpeg"],
      [`${id}/160`, "image/webp"],
      [`${id}/320`, "image/webp"],
    ]);

    for (const variant of variantsOf(imageUrl)) {
      const served = await fetchImage(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", variant.width, variant.height]);
    }
    expect((await guestMenu()).get(created.id).imageVariants).toEqual(variantsOf(imageUrl));
    expect((await api.get(`/api/crm/product/${created.id}`, admin)).body.imageVariants).toEqual(variantsOf(imageUrl));
    const listed = (await api.get("/api/crm/products", admin)).body.flatMap((c: any) => c.products);
    expect(listed.find((p: any) => p.id === created.id).imageVariants).toEqual(variantsOf(imageUrl));
    // Only the offered widths exist: any other is not a picture.
    expect((await fetchImage(`${imageUrl}/999`)).status).toBe(400);
    expect((await fetchImage(`${imageUrl}/abc`)).status).toBe(400);
  });

  it("makes the copies of a picture uploaded before copies existed on its first request", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    const id = randomUUID();
    await server.database.db
      .insert(productImages)
      .values({ id, retailerId: venue.venue.id, productId: created.id, contentType: "image/png", data: png });
    await server.database.db
      .update(products)
      .set({ imageUrl: `/api/images/${id}` })
      .where(eq(products.id, created.id));
    const served = await fetchImage(`/api/images/${id}/160`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(160);
    const kept = await server.database.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.id, `${id}/160`));
    expect(kept).toHaveLength(1);
  });

  it("refuses bytes of an allowed type that do not decode as a picture, with a key", async () => {
    const id = venue.coffee.id;
    const junk = Buffer.concat([png.subarray(0, 8), Buffer.from("fake image body")]);
    const refused = await api.upload(`/api/crm/product/${id}/image`, junk, "image/png", admin);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.unreadable_image");
    const truncated = await api.upload(`/api/crm/product/${id}/image`, jpeg.subarray(0, 200), "image/jpeg", admin);
    expect(truncated.status).toBe(400);
    expect(truncated.headers.get("x-app-error")).toBe("error.unreadable_image");
    expect((await api.get(`/api/crm/product/${id}`, admin)).body.imageUrl).toBeNull();
  });

  it("judges a picture by its bytes: a real one under another declared type is taken as what it is", async () => {
    const created = (await api.post("/api/crm/product", newProduct(), admin)).body;
    for (const declared of ["image/jpeg", "application/octet-stream"]) {
      const uploaded = await api.upload(`/api/crm/product/${created.id}/image`, png, declared, admin);
      expect(uploaded.status).toBe(200);
      const served = await fetchImage(uploaded.body.imageUrl);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it("refuses a file that is no picture whatever it claims, pictures of other formats, and pictures over 2 MB", async () => {
    const id = venue.coffee.id;
    // A text file named x.jpg, declared a JPEG by the browser; an HTML page declared a PNG.
    for (const [bytes, declared] of [
      [Buffer.from("just some notes, saved as x.jpg"), "image/jpeg"],
      [Buffer.from("<html><script>alert(1)</script>"), "image/png"],
    ] as const) {
      const refused = await api.upload(`/api/crm/product/${id}/image`, bytes, declared, admin);
      expect(refused.status).toBe(400);
      expect(refused.headers.get("x-app-error")).toBe("error.not_an_image");
    }
    // A real GIF, even declared a PNG: a picture, in a format not taken.
    const gifBytes = Buffer.from(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
        .gif()
        .toBuffer(),
    );
    for (const declared of ["image/gif", "image/png"]) {
      const gif = await api.upload(`/api/crm/product/${id}/image`, gifBytes, declared, admin);
      expect(gif.status).toBe(400);
      expect(gif.headers.get("x-app-error")).toBe("error.unsupported_image_type");
    }
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await api.upload(`/api/crm/product/${id}/image`, big, "image/png", admin);
    expect(tooBig.status).toBe(400);
    expect(tooBig.headers.get("x-app-error")).toBe("error.image_too_large");
    const huge = await api.upload(`/api/crm/product/${id}/image`, Buffer.alloc(9 * 1024 * 1024), "image/png", admin);
    expect(huge.status).toBe(413);
    expect((await api.upload(`/api/crm/product/${id}/image`, png, "image/png")).status).toBe(401);
    const waiter = await api.login(venue.waiter.login);
    expect((await api.upload(`/api/crm/product/${id}/image`, png, "image/png", waiter)).status).toBe(403);
    const elsewhere = await buildVenue(server.database.db);
    const other = await buildProduct(server.database.db, elsewhere.id, {
      categoryId: (await buildCategory(server.database.db, elsewhere.id)).id,
    });
    expect((await api.upload(`/api/crm/product/${other.id}/image`, png, "image/png", admin)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/images/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});
