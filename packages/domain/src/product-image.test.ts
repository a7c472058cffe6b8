import { describe, expect, it } from "vitest";
import { productImageVariants } from "./contracts/product-image.ts";

describe("productImageVariants", () => {
  it("names the square WebP copies of a stored picture, smallest first, with their size", () => {
    expect(productImageVariants("/api/images/0b5c5d9e-7a3f-4c1e-9d2a-5e6f7a8b9c0d")).toEqual([
      { url: "/api/images/0b5c5d9e-7a3f-4c1e-9d2a-5e6f7a8b9c0d/160", width: 160, height: 160 },
      { url: "/api/images/0b5c5d9e-7a3f-4c1e-9d2a-5e6f7a8b9c0d/320", width: 320, height: 320 },
    ]);
  });

  it("offers no copies without a picture, or for one the server does not keep", () => {
    expect(productImageVariants(null)).toEqual([]);
    expect(productImageVariants("https://example.com/moussaka.jpg")).toEqual([]);
  });
});
