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
