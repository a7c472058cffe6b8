import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import { useMemo } from "react";
import { matchesSearch, parseSearchQuery, searchText } from "../menu-search.ts";

/**
 * The products of every category that match what the guest typed, in menu order; null while
 * nothing is typed. Each product's text is folded once per menu, not per keystroke.
 */
export function useMenuSearch(categories: readonly MenuCategory[], query: string): MenuProduct[] | null {
  const index = useMemo(
    () =>
      categories.flatMap((category) =>
        category.products.map((product) => ({ product, text: searchText(product.name, product.description) })),
      ),
    [categories],
  );
  return useMemo(() => {
    const parsed = parseSearchQuery(query);
    if (parsed.length === 0) return null;
    return index.filter((entry) => matchesSearch(parsed, entry.text)).map((entry) => entry.product);
  }, [index, query]);
}
