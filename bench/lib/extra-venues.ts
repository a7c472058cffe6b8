import { randomBytes } from "node:crypto";
import { expectOk, type HttpClient } from "./http-client.ts";
import { signIn } from "./venue.ts";

/** A venue the load goes to: the accounts of its cooks (one per preparation area) and its tables' codes. */
export interface VenueSetup {
  name: string;
  cooks: { username: string; password: string }[];
  tableCodes: string[];
}

/** Products of each demo area copied into every new venue: a small menu, but orders still mix areas. */
const PRODUCTS_PER_AREA = 4;
const TABLES_PER_VENUE = 10;

/** The part of a set-password link after its last slash: the token the set-password API takes. */
const linkToken = (url: string) => new URL(url).pathname.split("/").pop() ?? "";

/** Takes the one-time link's account into use with this password; returns its username. */
async function setPassword(http: HttpClient, link: string, password: string): Promise<string> {
  const response = expectOk(await http.post(`/api/set-password/${linkToken(link)}`, { password }), "set-password link");
  return response.body.username;
}

/**
 * Creates `count` venues like the demo one through the product's API only, as a new venue is set
 * up for real: the platform operator creates each with its first administrator, who chooses a
 * password through the one-time link and then creates the preparation areas (with their cooks),
 * the tables, the categories and a few of the demo's products. Nothing is written to the database
 * directly, so this works on the embedded database and on PostgreSQL alike.
 *
 * The operator's API rather than the server token's /operations/venues: a server on PostgreSQL
 * announces no server token, while an operator account works on both, and the bench's own server
 * makes one on start (OPERATOR_USERNAME) with the set-password link it prints.
 *
 * The link works once, so the venues are made once per server: the scenarios of one run (say
 * order-to-kitchen, then two-instances) share them.
 */
export function extraVenues(options: {
  http: HttpClient;
  /** The operator's set-password link the server printed (ServerUnderTest.operatorLink). */
  operatorLink: string;
  count: number;
  /** The demo venue's administrator, whose menu and areas the new venues copy. */
  demoAdmin: { username: string; password: string };
}): Promise<VenueSetup[]> {
  let made = madeByLink.get(options.operatorLink);
  if (!made) {
    made = createVenues(options);
    madeByLink.set(options.operatorLink, made);
  }
  return made;
}

const madeByLink = new Map<string, Promise<VenueSetup[]>>();

async function createVenues(options: Parameters<typeof extraVenues>[0]): Promise<VenueSetup[]> {
  const { http } = options;
  // In every name, so venues of earlier runs on the same database do not collide.
  const tag = `b${randomBytes(3).toString("hex")}`;
  // One password for every account made here; the operator's rule asks for at least 12 characters.
  const password = randomBytes(12).toString("base64url");
  const operatorName = await setPassword(http, options.operatorLink, password);
  const operatorToken = await signIn(http, operatorName, password);

  const demoToken = await signIn(http, options.demoAdmin.username, options.demoAdmin.password);
  const demoAreas = expectOk(await http.get("/api/crm/preparation-areas", demoToken), "demo preparation areas").body as any[];
  const demoCatalogue = expectOk(await http.get("/api/crm/products", demoToken), "demo products").body as any[];
  const menu = demoAreas.map((area) => ({
    area,
    products: demoCatalogue
      .flatMap((category) => category.products.map((product: any) => ({ ...product, category: category.name })))
      .filter((product) => product.preparationAreaId === area.id && product.active)
      .slice(0, PRODUCTS_PER_AREA),
  }));
  const categories = [...new Map(demoCatalogue.map((c) => [c.name, { name: c.name, nameEng: c.nameEng }])).values()].filter((c) =>
    menu.some(({ products }) => products.some((p) => p.category === c.name)),
  );
  // Options get new ids in the new venue: the copy sends them as new ones.
  const optionsOf = (list: any[]) => list.map(({ name, nameEng, price }) => ({ name, nameEng, price }));

  const setUp = async (index: number): Promise<VenueSetup> => {
    const prefix = `${tag}-v${index}`;
    const created = expectOk(
      await http.post(
        "/api/operator/venues",
        { name: `Bench venue ${index} (${tag})`, type: "RESTAURANT", adminUsername: `${prefix}-admin` },
        operatorToken,
      ),
      `venue ${index}`,
    ).body;
    const adminName = await setPassword(http, created.link.url, password);
    const admin = await signIn(http, adminName, password);

    const areaIds = new Map<number, number>();
    const cooks: VenueSetup["cooks"] = [];
    for (const [k, { area }] of menu.entries()) {
      const username = `${prefix}-${area.username ?? `area${k + 1}`}`;
      const made = expectOk(
        await http.post("/api/crm/preparation-area", { name: area.name, username, password, printerIp: null }, admin),
        `area ${area.name} of venue ${index}`,
      ).body;
      areaIds.set(area.id, made.id);
      cooks.push({ username, password });
    }

    const tableCodes = Array.from({ length: TABLES_PER_VENUE }, (_, t) => `${prefix}-${t + 1}`);
    await Promise.all(
      tableCodes.map(async (code, t) =>
        expectOk(await http.post("/api/crm/tables", { label: String(t + 1), code, waiterIds: [] }, admin), `table ${code}`),
      ),
    );

    const saved = expectOk(await http.post("/api/crm/product-categories", categories, admin), `categories of venue ${index}`)
      .body as any[];
    const categoryIds = new Map(saved.map((c) => [c.name, c.id]));
    for (const { products } of menu) {
      for (const product of products) {
        expectOk(
          await http.post(
            "/api/crm/product",
            {
              name: product.name,
              nameEng: product.nameEng,
              type: product.type,
              description: product.description,
              descriptionEng: product.descriptionEng,
              hasDineInPrice: product.hasDineInPrice,
              price: product.price,
              vatCategory: product.vatCategory,
              categoryId: categoryIds.get(product.category),
              preparationAreaId: areaIds.get(product.preparationAreaId),
              allergens: product.allergens,
              preparationWays: optionsOf(product.preparationWays),
              basicIngredients: optionsOf(product.basicIngredients),
              extraIngredients: optionsOf(product.extraIngredients),
            },
            admin,
          ),
          `product ${product.name} of venue ${index}`,
        );
      }
    }
    return { name: created.venue.name, cooks, tableCodes };
  };
  // The demo venue is number 1; the venues are set up side by side, each in its own order.
  return Promise.all(Array.from({ length: options.count }, (_, i) => setUp(i + 2)));
}
