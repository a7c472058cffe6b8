import { type RefObject, useEffect, useState } from "react";

/**
 * The tickets whose band (table and age) is not fully on screen but further down, so a new ticket
 * never lands unseen below the fold; and a way to bring the first of them into view. Watches the
 * viewport, which also clips a board inside a scrolling overlay (the cash desk's).
 */
export function useBelowFold(board: RefObject<HTMLElement | null>, ticketIds: readonly number[]) {
  const [below, setBelow] = useState<ReadonlySet<number>>(new Set());
  const idsKey = ticketIds.join(",");

  useEffect(() => {
    const element = board.current;
    if (!element || !idsKey || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) =>
        setBelow((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const id = Number((entry.target as HTMLElement).dataset.bandOf);
            const bottom = entry.rootBounds?.bottom ?? window.innerHeight;
            if (entry.intersectionRatio < 1 && entry.boundingClientRect.bottom > bottom) next.add(id);
            else next.delete(id);
          }
          return next;
        }),
      { threshold: [0, 1] },
    );
    for (const band of element.querySelectorAll("[data-band-of]")) observer.observe(band);
    return () => {
      observer.disconnect();
      setBelow(new Set());
    };
  }, [board, idsKey]);

  const count = ticketIds.filter((id) => below.has(id)).length;
  const showNext = () => {
    const first = ticketIds.find((id) => below.has(id));
    board.current
      ?.querySelector(`[data-band-of="${first}"]`)
      ?.closest("article")
      ?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return { count, showNext };
}
