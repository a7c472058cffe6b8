import { createPreparationAreaRequest, updatePreparationAreaRequest } from "@tableorder/domain/contracts/crm-preparation-areas";
import { tableForm } from "@tableorder/domain/contracts/crm-tables";
import { createWaiterRequest, updateWaiterRequest } from "@tableorder/domain/contracts/crm-waiters";
import { describe, expect, it } from "vitest";
import { messageText, schemaFieldErrors, serverFieldErrors, visibleErrors } from "./form-errors.ts";

describe("admin form errors", () => {
  it("gives the table's required-field messages of spec 3 §5", () => {
    const errors = schemaFieldErrors(tableForm, { label: " ", code: "", waiterIds: [], onService: true });
    expect(messageText(errors.label ?? "", "el")).toBe("Απαιτείται συμπλήρωση αριθμού");
    expect(messageText(errors.code ?? "", "el")).toBe("Απαιτείται συμπλήρωση table URL");
    expect(schemaFieldErrors(tableForm, { label: "1", code: "t1", waiterIds: [], onService: true })).toEqual({});
  });

  it("requires a waiter's password on create only, and more than 3 characters", () => {
    const base = { firstName: "A", lastName: "B", userName: "ab", tableIds: [] };
    expect(messageText(schemaFieldErrors(createWaiterRequest, { ...base, password: "" }).password ?? "", "el")).toBe(
      "Απαιτείται συμπλήρωση κωδικού",
    );
    expect(messageText(schemaFieldErrors(createWaiterRequest, { ...base, password: "abc" }).password ?? "", "el")).toBe(
      "Ο κωδικός πρέπει να περιέχει περισσότερους από 3 χαρακτήρες",
    );
    expect(schemaFieldErrors(updateWaiterRequest, { ...base, password: "" })).toEqual({});
    expect(schemaFieldErrors(updateWaiterRequest, { ...base, password: "abc" }).password).toBe("password.tooShort");
    const missing = schemaFieldErrors(createWaiterRequest, { firstName: "", lastName: "", userName: "", password: "abcd" });
    expect(messageText(missing.firstName ?? "", "el")).toBe("Απαιτείται συμπλήρωση ονόματος");
    expect(messageText(missing.userName ?? "", "el")).toBe("Απαιτείται συμπλήρωση ονόματος χρήστη");
  });

  it("checks a preparation area's printer IP, empty allowed", () => {
    const area = { name: "Κουζίνα", username: "kitchen", password: "abcd" };
    expect(
      messageText(schemaFieldErrors(createPreparationAreaRequest, { ...area, printerIp: "10.0.0.256" }).printerIp ?? "", "el"),
    ).toBe("Η IP του εκτυπωτή δεν είναι σωστή");
    expect(schemaFieldErrors(createPreparationAreaRequest, { ...area, printerIp: "" })).toEqual({});
    expect(schemaFieldErrors(updatePreparationAreaRequest, { ...area, password: "", printerIp: "192.168.1.20" })).toEqual({});
  });

  it("puts the server's field and keyed errors on their fields", () => {
    expect(
      serverFieldErrors({ message: "error.validation", fieldErrors: [{ field: "code", message: "table.code.required" }] }, {}),
    ).toEqual({ code: "table.code.required" });
    const keyed = serverFieldErrors({ message: "error.table_code_already_exists" }, { table_code_already_exists: "code" });
    expect(keyed).toEqual({ code: "table_code_already_exists" });
    expect(messageText("table_code_already_exists", "en")).toBe("The URL is already in use.");
    expect(serverFieldErrors(null, {})).toEqual({});
  });

  it("shows client errors only for touched fields until submit, the server's always", () => {
    const client = { label: "table.label.required", code: "table.code.required" };
    expect(visibleErrors(client, new Set(["label"]), {}, false)).toEqual({ label: "table.label.required" });
    expect(visibleErrors(client, new Set(), {}, true)).toEqual(client);
    expect(visibleErrors({}, new Set(), { code: "x" }, false)).toEqual({ code: "x" });
  });
});
