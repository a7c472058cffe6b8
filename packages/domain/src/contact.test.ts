import { describe, expect, it } from "vitest";
import { contactFormRequest } from "./contracts/contact.ts";
import { isValidEmail, isValidGreekPhone } from "./validators.ts";

describe("contact form rules (spec 1 §5)", () => {
  it.each([
    "2101234567",
    "6912345678",
    "+306912345678",
    "00306912345678",
    "691 234 5678",
  ])("accepts the Greek phone %s", (phone) => {
    expect(isValidGreekPhone(phone)).toBe(true);
  });
  it.each(["1101234567", "691234567", "69123456789", "+446912345678", "phone"])("refuses the phone %s", (phone) => {
    expect(isValidGreekPhone(phone)).toBe(false);
  });
  it("checks the email pattern", () => {
    expect(isValidEmail("maria@taverna.gr")).toBe(true);
    expect(isValidEmail("maria@taverna")).toBe(false);
    expect(isValidEmail("maria taverna@x.gr")).toBe(false);
  });
  it("names each failure by the spec's keys", () => {
    const result = contactFormRequest.safeParse({ name: " ", companyName: "Taverna", phone: "123", email: "x" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({ name: "fieldRequired", phone: "invalidPhone", email: "invalidEmail" });
    const missing = contactFormRequest.safeParse({});
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      "fieldRequired",
      "fieldRequired",
      "fieldRequired",
      "fieldRequired",
    ]);
  });
});
