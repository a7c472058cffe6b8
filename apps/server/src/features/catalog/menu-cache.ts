import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import type { Language } from "@tableorder/domain/enums";

const MENU_CACHE_MS = 60_000;

/**
 * Menus are read on every guest visit and change rarely, so each instance keeps them for up to
 * 60 s (the spec's menu cache) and drops a venue's entries the moment its catalogue changes.
 */
export class MenuCache {
  private entries = new Map<string, { expiresAt: number; menu: Promise<MenuCategory[]> }>();

  get(retailerId: number, lang: Language, load: () => Promise<MenuCategory[]>): Promise<MenuCategory[]> {
    const key = `${retailerId}:${lang}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.menu;
    const menu = load();
    this.entries.set(key, { expiresAt: Date.now() + MENU_CACHE_MS, menu });
    menu.catch(() => this.entries.delete(key));
    return menu;
  }

  invalidate(retailerId: number): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${retailerId}:`)) this.entries.delete(key);
  }
}
