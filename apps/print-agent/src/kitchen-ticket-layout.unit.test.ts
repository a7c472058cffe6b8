import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { ALLERGENS } from "@tableorder/domain/enums";
import { describe, expect, it } from "vitest";
import { CODE_PAGES } from "./escpos/code-pages.ts";
import { decodeEscPos } from "./escpos/decode.ts";
import {
  ALLERGEN_LABELS,
  renderKitchenTicket,
  renderVoidTicket,
  type TicketPrintOptions,
  upperNoAccents,
} from "./kitchen-ticket-layout.ts";

function product(overrides: Partial<TicketProduct> = {}): TicketProduct {
  return {
    id: "p1",
    productId: 1,
    name: "Χωριάτικη",
    status: "SENT",
    quantity: 1,
    price: 850,
    orderProductIds: [1],
    preparationWay: null,
    basicIngredientIds: [],
    extraIngredientIds: [],
    removedIngredients: [],
    notes: "",
    allergens: [],
    timestamp: "2025-05-21T15:42:00.000Z",
    tableName: "12",
    tableId: 12,
    ...overrides,
  };
}

function ticket(overrides: Partial<KitchenTicket> = {}): KitchenTicket {
  return {
    id: 7,
    ticketId: 123,
    // 18:42 in Athens (UTC+3 in summer).
    timestamp: "2025-05-21T15:42:00.000Z",
    quantity: 3,
    uniqueQuantity: 2,
    preparedQuantity: 0,
    serviceMode: "DINE_IN",
    tableName: "12",
    tableId: 12,
    movedFromTableName: null,
    isPrinted: false,
    printed: false,
    sentBy: { type: "WAITER", firstName: "Νίκος", lastName: "Γεωργίου" },
    products: [
      product({
        name: "Χωριάτικη",
        quantity: 2,
        removedIngredients: [{ id: 1, name: "Κρεμμύδι", price: 0 }],
        extraIngredientIds: [{ id: 2, name: "Κάπαρη", price: 50 }],
        notes: "λίγο λάδι",
        allergens: ["milk"],
      }),
      product({ id: "p2", name: "Μπιφτέκι", preparationWay: { id: 3, name: "Καλοψημένο", price: 0 } }),
    ],
    cancelledUnacknowledged: [],
    ...overrides,
  };
}

const options = (overrides: Partial<TicketPrintOptions> = {}): TicketPrintOptions => ({
  bigLetters: false,
  codePage: "cp737",
  areaName: "Κουζίνα",
  now: new Date("2025-05-21T15:43:00.000Z"),
  ...overrides,
});

const LONG_NAME = "Σαλάτα του σεφ με ρόκα, παρμεζάνα, λιαστή ντομάτα και βαλσάμικο Μοδένας";

describe("renderKitchenTicket", () => {
  it("prints the header, the products with their options, allergens and a cut", () => {
    const decoded = decodeEscPos(renderKitchenTicket(ticket(), options()));
    expect(decoded.lines.map((l) => l.text.trimEnd())).toEqual([
      "Κουζίνα",
      "Τραπέζι 12          #123",
      "18:42 21/05/2025                     Στο τραπέζι",
      "Σερβιτόρος: Νίκος Γ.",
      "-".repeat(48),
      "2x Χωριάτικη",
      "   - χωρίς κρεμμύδι",
      "   + Κάπαρη",
      "   Σχόλιο: λίγο λάδι",
      "   ΑΛΛΕΡΓΙΟΓΟΝΑ: ΓΑΛΑ",
      "",
      "1x Μπιφτέκι",
      "   * Καλοψημένο",
      "-".repeat(48),
    ]);
    const byText = (text: string) => decoded.lines.find((l) => l.text.includes(text));
    expect(byText("Τραπέζι 12")).toMatchObject({ width: 2, height: 2, bold: true });
    expect(byText("Κουζίνα")).toMatchObject({ align: "center", bold: true });
    expect(byText("2x Χωριάτικη")).toMatchObject({ width: 1, bold: true });
    expect(byText("ΑΛΛΕΡΓΙΟΓΟΝΑ")).toMatchObject({ bold: true, inverted: true });
    expect(byText("χωρίς κρεμμύδι")).toMatchObject({ bold: false, inverted: false });
  });

  it("starts with ESC @ and the code page, ends with a feed and a partial cut", () => {
    const bytes = renderKitchenTicket(ticket(), options({ codePage: "windows1253" }));
    expect(Array.from(bytes.subarray(0, 5))).toEqual([0x1b, 0x40, 0x1b, 0x74, 47]);
    expect(Array.from(bytes.subarray(-6))).toEqual([0x1b, 0x64, 4, 0x1d, 0x56, 0x01]);
    const commands = decodeEscPos(bytes).commands;
    expect(commands.at(-1)).toEqual({ type: "cut", partial: true });
    expect(commands.filter((c) => c.type === "cut")).toHaveLength(1);
  });

  it.each(CODE_PAGES)("round-trips the Greek text on %s", (codePage) => {
    const lines = decodeEscPos(renderKitchenTicket(ticket(), options({ codePage }))).lines.map((l) => l.text);
    expect(lines).toContain("2x Χωριάτικη");
    expect(lines).toContain("   - χωρίς κρεμμύδι");
    expect(lines.join("\n")).not.toContain("\uFFFD");
  });

  it.each([
    [false, 48],
    [true, 24],
  ])("keeps every line within the paper (big letters %s: %i columns of body text)", (bigLetters, bodyColumns) => {
    const t = ticket({
      tableName: "Βεράντα πάνω από τη θάλασσα 14",
      sentBy: { type: "WAITER", firstName: "Κωνσταντίνος-Αλέξανδρος", lastName: "Παπαδοπουλόπουλος" },
      products: [
        product({
          name: LONG_NAME,
          quantity: 12,
          notes: "Ο πελάτης έχει αλλεργία, προσοχή στα σκεύη και στο λάδι του τηγανιού παρακαλώ",
          removedIngredients: [{ id: 1, name: "Λιαστή ντομάτα από τη Σαντορίνη", price: 0 }],
          allergens: [...ALLERGENS],
        }),
        product({ name: "Υπερκαλιφραγκιλιστικεξπιαλιδοσιουπερμεγαλοσύνθετοόνομα" }),
      ],
    });
    const decoded = decodeEscPos(renderKitchenTicket(t, options({ bigLetters })));
    for (const line of decoded.lines) expect(line.columns, line.text).toBeLessThanOrEqual(48);
    const rules = decoded.lines.flatMap((l, i) => (l.text === "-".repeat(48) ? [i] : []));
    const body = decoded.lines.slice(rules[0] + 1, rules[1]).filter((l) => l.text !== "");
    expect(body.length).toBeGreaterThan(5);
    for (const line of body) {
      expect(line.width).toBe(bigLetters ? 2 : 1);
      expect(line.text.length, line.text).toBeLessThanOrEqual(bodyColumns);
    }
    const widest = Math.max(...body.map((l) => l.text.trimEnd().length));
    expect(widest).toBeGreaterThan(bodyColumns - 8);
  });

  it("wraps a long Greek name with continuation lines indented under the name", () => {
    const t = ticket({ products: [product({ name: LONG_NAME, quantity: 2 })] });
    const lines = decodeEscPos(renderKitchenTicket(t, options())).lines.map((l) => l.text);
    const start = lines.findIndex((l) => l.startsWith("2x "));
    expect(lines.slice(start, start + 2)).toEqual([
      "2x Σαλάτα του σεφ με ρόκα, παρμεζάνα, λιαστή",
      "   ντομάτα και βαλσάμικο Μοδένας",
    ]);
  });

  it("with big letters prints the body at double width and height (GS ! 0x11), 24 columns", () => {
    const bytes = renderKitchenTicket(
      ticket({ products: [product({ name: LONG_NAME, quantity: 2 })] }),
      options({ bigLetters: true }),
    );
    expect(hexOf(bytes)).toContain("1d 21 11");
    const lines = decodeEscPos(bytes).lines;
    const name = lines.filter((l) => l.bold && l.width === 2 && l.text.trim() && !l.text.startsWith("Σερβ"));
    expect(name.map((l) => l.text)).toEqual([
      "Κουζίνα",
      "2x Σαλάτα του σεφ με",
      "   ρόκα, παρμεζάνα,",
      "   λιαστή ντομάτα και",
      "   βαλσάμικο Μοδένας",
    ]);
    expect(lines.find((l) => l.text.includes("#123"))).toMatchObject({ width: 3, height: 3 });
  });

  it("names the service mode and the sender in Greek", () => {
    const text = (t: KitchenTicket) =>
      decodeEscPos(renderKitchenTicket(t, options()))
        .lines.map((l) => l.text)
        .join("\n");
    expect(text(ticket({ serviceMode: "TAKE_AWAY", sentBy: { type: "CLIENT", firstName: null, lastName: null } }))).toMatch(
      /Πακέτο[\s\S]*\nΠελάτης\n/,
    );
    expect(text(ticket({ serviceMode: "DELIVERY", sentBy: { type: "CASH_DESK", firstName: "Μαρία", lastName: "Κ" } }))).toMatch(
      /Διανομή[\s\S]*\nΤαμείο\n/,
    );
    expect(text(ticket({ sentBy: { type: "WAITER", firstName: null, lastName: null } }))).toContain("\nΣερβιτόρος\n");
  });

  it("heads a take-away's ticket with its number as a take-away, not as a table", () => {
    const lines = decodeEscPos(renderKitchenTicket(ticket({ serviceMode: "TAKE_AWAY", tableName: "7" }), options())).lines.map(
      (l) => l.text,
    );
    expect(lines.some((l) => l.startsWith("Πακέτο 7"))).toBe(true);
    expect(lines.some((l) => l.startsWith("Τραπέζι 7"))).toBe(false);
  });

  it("shows the time in Athens, also across midnight and in winter", () => {
    const first = (t: KitchenTicket) =>
      decodeEscPos(renderKitchenTicket(t, options({ now: new Date(t.timestamp) }))).lines[2].text;
    expect(first(ticket({ timestamp: "2025-05-21T21:05:00.000Z" }))).toMatch(/^00:05 22\/05\/2025 /);
    expect(first(ticket({ timestamp: "2025-01-10T08:00:00.000Z" }))).toMatch(/^10:00 10\/01\/2025 /);
  });

  it("shows when a late ticket printed", () => {
    const lines = decodeEscPos(renderKitchenTicket(ticket(), options({ now: new Date("2025-05-21T16:02:00.000Z") }))).lines;
    expect(lines.map((l) => l.text)).toContain("Εκτύπωση: 19:02");
  });

  it("says where a moved ticket goes now, under the table", () => {
    const lines = decodeEscPos(renderKitchenTicket(ticket({ tableName: "5", movedFromTableName: "4" }), options())).lines;
    expect(lines[1].text).toMatch(/^Τραπέζι 5 +#123$/);
    expect(lines[2]).toMatchObject({ text: "μεταφέρθηκε στο τραπέζι 5", inverted: true, bold: true });
    expect(lines[3].text).toBe("(από Τραπέζι 4)");
    const plain = decodeEscPos(renderKitchenTicket(ticket(), options())).lines.map((l) => l.text);
    expect(plain.some((text) => text.includes("μεταφέρθηκε"))).toBe(false);
  });

  it("prints a label that is not a number as it is", () => {
    const lines = decodeEscPos(renderKitchenTicket(ticket({ tableName: "Μπαρ 3" }), options())).lines;
    expect(lines[1].text).toMatch(/^Μπαρ 3 +#123$/);
  });

  it("names the 14 allergens in Greek capitals without accents", () => {
    expect(Object.keys(ALLERGEN_LABELS).sort()).toEqual([...ALLERGENS].sort());
    expect(upperNoAccents("γάλα, ξηροί καρποί, αράπικα φιστίκια, θειώδη")).toBe("ΓΑΛΑ, ΞΗΡΟΙ ΚΑΡΠΟΙ, ΑΡΑΠΙΚΑ ΦΙΣΤΙΚΙΑ, ΘΕΙΩΔΗ");
    const t = ticket({ products: [product({ allergens: ["gluten", "eggs", "sesame"] })] });
    const lines = decodeEscPos(renderKitchenTicket(t, options())).lines;
    expect(lines.find((l) => l.inverted)?.text).toBe("   ΑΛΛΕΡΓΙΟΓΟΝΑ: ΓΛΟΥΤΕΝΗ, ΑΥΓΑ, ΣΟΥΣΑΜΙ");
  });

  it("cannot be tricked into printer commands by a note", () => {
    const t = ticket({ products: [product({ notes: "\x1d\x56\x00κόψε\x1b@" })] });
    const commands = decodeEscPos(renderKitchenTicket(t, options())).commands;
    expect(commands.filter((c) => c.type === "cut")).toHaveLength(1);
    expect(commands.filter((c) => c.type === "init")).toHaveLength(1);
    expect(commands.some((c) => c.type === "unknown")).toBe(false);
  });
});

describe("renderVoidTicket", () => {
  it("prints ΑΚΥΡΩΣΗ, the table, the ticket number and the cancelled lines, then cuts", () => {
    const bytes = renderVoidTicket(
      ticket(),
      [
        { name: "Χωριάτικη", quantity: 1 },
        { name: LONG_NAME, quantity: 2 },
      ],
      options({ now: new Date("2025-05-21T15:55:00.000Z") }),
    );
    const decoded = decodeEscPos(bytes);
    expect(decoded.lines.map((l) => l.text.trimEnd())).toEqual([
      "ΑΚΥΡΩΣΗ",
      "Κουζίνα",
      "Τραπέζι 12          #123",
      "Ακύρωση: 18:55 21/05/2025",
      "Παραγγελία: 18:42",
      "-".repeat(48),
      "1x Χωριάτικη",
      "2x Σαλάτα του σεφ με ρόκα, παρμεζάνα, λιαστή",
      "   ντομάτα και βαλσάμικο Μοδένας",
      "-".repeat(48),
      "ΝΑ ΜΗΝ ΕΤΟΙΜΑΣΤΕΙ",
    ]);
    expect(decoded.lines[0]).toMatchObject({ inverted: true, bold: true, width: 2, align: "center" });
    expect(decoded.commands.at(-1)).toEqual({ type: "cut", partial: true });
    for (const line of decoded.lines) expect(line.columns).toBeLessThanOrEqual(48);
  });

  it("fits 24 columns with big letters", () => {
    const decoded = decodeEscPos(renderVoidTicket(ticket(), [{ name: LONG_NAME, quantity: 1 }], options({ bigLetters: true })));
    for (const line of decoded.lines) expect(line.columns, line.text).toBeLessThanOrEqual(48);
    expect(decoded.lines.find((l) => l.text.startsWith("1x "))).toMatchObject({ width: 2, text: "1x Σαλάτα του σεφ με" });
  });
});

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");
}
