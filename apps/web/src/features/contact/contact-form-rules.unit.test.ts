import { describe, expect, it } from "vitest";
import { contactFieldError, serverFieldErrors } from "./contact-form-rules.ts";

describe("contact form rules", () => {
  it("requires every field and checks phone and email as the server does", () => {
    expect(contactFieldError("name", "  ")).toBe("fieldRequired");
    expect(contactFieldError("phone", "69")).toBe("invalidPhone");
    expect(contactFieldError("phone", "+30 6912345678")).toBeNull();
    expect(contactFieldError("email", "a@b")).toBe("invalidEmail");
    expect(contactFieldError("email", "owner@taverna.gr")).toBeNull();
  });

  it("reads the server's field errors by their keys", () => {
    expect(
      serverFieldErrors({
        fieldErrors: [
          { objectName: "contactFormRequest", field: "phone", message: "invalidPhone" },
          { field: "other", message: "fieldRequired" },
          { field: "email", message: "Size" },
        ],
      }),
    ).toEqual({ phone: "invalidPhone" });
  });
});
