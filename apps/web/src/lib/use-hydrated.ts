import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False while React hydrates a page the server rendered (and on the server), true from then on and
 * in a page rendered in the browser alone: what the server cannot know (a session in the browser's
 * storage) shows only once this is true, so the hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
