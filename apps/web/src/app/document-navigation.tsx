import { useEffect } from "react";
import { useLocation } from "react-router";
import { DelayedSkeleton } from "../components/delayed-skeleton.tsx";

/**
 * An address of the other root (the guest's pages and the rest of the app start apart, see
 * main.tsx): a link followed inside one becomes a page load, which starts the other.
 */
export function DocumentNavigation() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.assign(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return <DelayedSkeleton />;
}
