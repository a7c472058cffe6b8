import { PRODUCT_IMAGE_WIDTHS } from "@tableorder/domain/contracts/product-image";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MENU } from "../src/seed/demo-menu.ts";
import { DEMO_PASSWORD, seedDemoVenue } from "../src/seed/seed-demo.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  await seedDemoVenue(server.database.db);
});
afterAll(async () => server?.close());

describe("the demo venue, as its staff and guests read it", () => {
  it("names its preparation areas in Greek, the venue's language", async () => {
    const admin = await api.login("admin", DEMO_PASSWORD);
    const areas = await api.get("/api/crm/preparation-areas", admin);
    expect(areas.status).toBe(200);
    expect(areas.body.map((area: { name: string }) => area.name)).toEqual(["Κουζίνα", "Μπαρ"]);
  });

  it("shows the guest's menu categories in English when English is chosen, in Greek otherwise", async () => {
    const guest = await api.guest();
    const table = await api.get("/api/cq-table/code/demo-1", guest);
    expect(table.status).toBe(200);
    const menu = (lang: string) => api.get(`/api/cq-table/${table.body.tableId}/menu`, guest, { "accept-language": lang });
    const english = await menu("en");
    expect(english.body[0]).toMatchObject({ name: "Starters" });
    expect(english.body[0].products[0]).toMatchObject({ name: "Tzatziki", preparationArea: "Κουζίνα" });
    expect((await menu("el")).body[0]).toMatchObject({ name: "Ορεκτικά" });
  });

  it("offers its menu in all five languages, every text translated into German, French and Italian (issue 33)", async () => {
    const admin = await api.login("admin", DEMO_PASSWORD);
    expect((await api.get("/api/crm/retailer", admin)).body.menuLanguages).toEqual(["en", "de", "fr", "it"]);
    const guest = await api.guest();
    const table = await api.get("/api/cq-table/code/demo-1", guest);
    for (const lang of ["de", "fr", "it"]) {
      const menu = (await api.get(`/api/cq-table/${table.body.tableId}/menu?lang=${lang}`, guest)).body;
      const untranslated = menu.flatMap((category: any) => [category, ...category.products]).filter((x: any) => x.untranslated);
      expect(
        untranslated.map((x: any) => x.name),
        lang,
      ).toEqual([]);
    }
    const german = (await api.get(`/api/cq-table/${table.body.tableId}/menu?lang=de`, guest)).body;
    expect(german[0]).toMatchObject({ name: "Vorspeisen" });
    expect(german[0].products[0]).toMatchObject({ name: "Zaziki", description: "Abgetropfter Joghurt, Gurke, Knoblauch, Dill" });
    for (const lang of ["de", "fr", "it"]) {
      expect((await api.get(`/api/crm/translation-missing?language=${lang}`, admin)).body, lang).toBe(false);
      expect((await api.get(`/api/crm/translation-missing/product-category?language=${lang}`, admin)).body, lang).toBe(false);
    }
  });

  it("shows a picture of every dish on the guest's menu, in each offered width, served as WebP", async () => {
    const guest = await api.guest();
    const table = await api.get("/api/cq-table/code/demo-1", guest);
    const menu = await api.get(`/api/cq-table/${table.body.tableId}/menu`, guest);
    expect(menu.status).toBe(200);
    const items: { name: string; imageVariants: { url: string; width: number; height: number }[] }[] = menu.body.flatMap(
      (category: { products: unknown[] }) => category.products,
    );
    expect(items).toHaveLength(DEMO_MENU.flatMap((category) => category.products).length);
    for (const item of items) {
      expect(
        item.imageVariants.map((variant) => variant.width),
        item.name,
      ).toEqual([...PRODUCT_IMAGE_WIDTHS]);
      for (const variant of item.imageVariants) {
        const served = await fetch(`${server.baseUrl}${variant.url}`);
        expect(served.status, variant.url).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height], `${item.name} ${variant.width}`).toEqual([
          "webp",
          variant.width,
          variant.height,
        ]);
      }
    }
  });
});
