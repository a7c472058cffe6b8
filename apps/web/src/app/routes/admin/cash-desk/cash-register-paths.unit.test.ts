import { describe, expect, it } from "vitest";
import { registerTabPath } from "./cash-register-modal.tsx";
import { registerQuery } from "./cash-register-query.ts";
import { serviceTabPath } from "./service-modal.tsx";

describe("the cash desk's modals", () => {
  it("close back to the tab they were opened over", () => {
    expect(registerTabPath("/service/admin/cash-desk/history/cash-register/panel")).toBe("/service/admin/cash-desk/history");
    expect(registerTabPath("/service/admin/cash-desk/tables/cash-register")).toBe("/service/admin/cash-desk/tables");
    expect(serviceTabPath("/service/admin/cash-desk/tables/table/3/3/order", "table", "3")).toBe(
      "/service/admin/cash-desk/tables",
    );
    expect(serviceTabPath("/service/admin/cash-desk/take-away/take-away/9/%CE%A01/cash-payment", "take-away", "9")).toBe(
      "/service/admin/cash-desk/take-away",
    );
  });

  it("carry the register's source and table forward, and nothing else", () => {
    const current = new URLSearchParams("source=DINE_IN&tableId=3&tableLabel=3&paymentId=9");
    expect(registerQuery(current)).toBe("?source=DINE_IN&tableId=3&tableLabel=3");
    expect(registerQuery(current, { source: "TAKE_AWAY", tableId: null, tableLabel: null })).toBe("?source=TAKE_AWAY");
    expect(registerQuery(new URLSearchParams())).toBe("");
  });
});
