import type { InvoicingDetails } from "@tableorder/domain/contracts/card-terminals";
import { describe, expect, it } from "vitest";
import { messageText } from "../admin-shell/form-errors.ts";
import {
  ageParts,
  emptyTerminal,
  type InvoicingValues,
  inputFromValues,
  invoicingFieldErrors,
  touchedAfterRemoval,
  valuesFromDetails,
} from "./invoicing-form.ts";
import { el, en } from "./invoicing-texts.ts";

const STORED: InvoicingDetails = {
  isInvoicingEnabled: false,
  orderSlipOnEveryOrder: false,
  name: "Ταβέρνα",
  description: "Εστίαση",
  address: null,
  city: "Αθήνα",
  zip: "10558",
  phone: null,
  website: null,
  tin: "094014201",
  taxOffice: "Α' Αθηνών",
  gemhNumber: "123456789012",
  myDataUserId: "••••user",
  myDataSubscriptionKey: "••••1234",
  terminals: [{ id: 4, friendlyName: "Μπαρ", tid: "12345678", mid: "998877", authorizationCode: null, type: "Viva" }],
};

function values(patch: Partial<InvoicingValues> = {}): InvoicingValues {
  return { ...valuesFromDetails(STORED), ...patch };
}

describe("invoicing settings form", () => {
  it("reads the stored settings with the credentials left out of the inputs", () => {
    const v = values();
    expect(v.address).toBe("");
    expect(v.myDataUserId).toBe("");
    expect(v.terminals[0]).toMatchObject({ tid: "12345678", mid: "998877", authorizationCode: "", type: "Viva" });
    expect(invoicingFieldErrors(v)).toEqual({});
  });

  it("sends no credential left empty (the stored one stays) and a typed one as typed", () => {
    const body = inputFromValues(values());
    expect(body).not.toHaveProperty("myDataUserId");
    expect(body).not.toHaveProperty("myDataSubscriptionKey");
    expect(body.terminals?.[0]).not.toHaveProperty("key");
    const typed = inputFromValues(values({ myDataUserId: "venue-user", myDataSubscriptionKey: "abc" }));
    expect(typed).toMatchObject({ myDataUserId: "venue-user", myDataSubscriptionKey: "abc" });
  });

  it("raises the domain's keys with the spec's wording on each field", () => {
    const errors = invoicingFieldErrors(
      values({ tin: "094014202", zip: "1234", phone: "21012", gemhNumber: "12", city: "Athens" }),
    );
    expect(errors).toMatchObject({
      tin: "invoicing.tin.invalid",
      zip: "invoicing.zip.invalid",
      phone: "invoicing.phone.invalid",
      gemhNumber: "invoicing.gemhNumber.invalid",
      city: "invoicing.city.invalid",
    });
    expect(messageText(errors.tin as string, "el")).toBe("Απαιτείται συμπλήρωση έγκυρου Α.Φ.Μ.");
  });

  it("requires the tax details and a terminal only while invoicing is on", () => {
    const off = values({ name: "", tin: "", terminals: [] });
    expect(invoicingFieldErrors(off)).toEqual({});
    const on = invoicingFieldErrors({ ...off, isInvoicingEnabled: true });
    expect(on).toMatchObject({ name: "fieldRequired", tin: "invoicing.tin.invalid", terminals: "invoicing.terminals.required" });
    expect(messageText(on.terminals as string, "el")).toBe("Απαιτείται συμπλήρωση στοιχείων τερματικού POS");
  });

  it("checks each terminal row on its own fields: TID 8 digits, MID for Viva, authorization code otherwise", () => {
    const rows = [
      { ...emptyTerminal(), friendlyName: "A", tid: "1234567", mid: "", type: "Viva" },
      { ...emptyTerminal(), friendlyName: "", tid: "87654321", type: "Nexi" },
      { ...emptyTerminal(), friendlyName: "C", tid: "87654321", authorizationCode: "X1", type: "NBG" },
    ];
    const errors = invoicingFieldErrors(values({ terminals: rows }));
    expect(errors).toEqual({
      "terminals.0.tid": "terminal.tidMid.invalid",
      "terminals.0.mid": "terminal.tidMid.invalid",
      "terminals.1.friendlyName": "terminal.required",
      "terminals.1.authorizationCode": "terminal.required",
      "terminals.2.tid": "terminal.tid.duplicate",
    });
  });

  it("moves the touched marks of later rows up when a row is removed", () => {
    const touched = new Set(["tin", "terminals.0.tid", "terminals.1.mid", "terminals.2.type"]);
    expect([...touchedAfterRemoval(touched, 1)].sort()).toEqual(["terminals.0.tid", "terminals.1.type", "tin"]);
  });

  it("names the pending age in the largest whole unit", () => {
    expect(ageParts(42)).toEqual({ unit: "seconds", count: 42 });
    expect(ageParts(125)).toEqual({ unit: "minutes", count: 2 });
    expect(ageParts(7200)).toEqual({ unit: "hours", count: 2 });
    expect(ageParts(200_000)).toEqual({ unit: "days", count: 2 });
  });

  it("has every text in both languages, with the spec's toggle toasts", () => {
    const keys = (tree: object, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
    expect(keys(en).sort()).toEqual(keys(el).sort());
    expect(el.invoicing.enabledToast).toBe("Επιτυχής ενεργοποίηση ηλεκτρονικής τιμολόγησης!");
    expect(el.invoicing.disabledToast).toBe("Επιτυχής απενεργοποίηση ηλεκτρονικής τιμολόγησης!");
  });
});
