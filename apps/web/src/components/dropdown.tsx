import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./dropdown.module.css";
import { useToastsBelowMenu } from "./toasts.tsx";

export interface DropdownProps {
  /** The trigger's content (icon and words). */
  label: ReactNode;
  /** The trigger's accessible name when its content is only an icon. */
  ariaLabel?: string;
  triggerClassName?: string;
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/**
 * A menu that opens on a tap (never on hover) and closes on a tap outside it, on Escape, or when
 * an item asks. Its panel hangs under the trigger, aligned to its right edge.
 */
export function Dropdown({ label, ariaLabel, triggerClassName, children, testId }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useToastsBelowMenu(panel, open);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <div id={panelId} ref={panel} className={styles.panel} data-testid={testId ? `${testId}-panel` : undefined}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
