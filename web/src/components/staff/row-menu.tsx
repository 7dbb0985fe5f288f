import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MoreIcon } from './icons.tsx';

/** Space kept between the button and its menu, and between the menu and the window's edge. */
const GAP = 4;

/**
 * A row's actions behind one button, so that a table keeps to its box at any width with every
 * action one click away. The menu is a native popover: it sits above the table (no clipping by
 * the scroll box), Escape and a click elsewhere close it, and focus returns to the button. It is
 * placed under the button's right edge, or above it when the window has no room below, and closes
 * when the page scrolls away from it, or once an available action in it is chosen.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    // Delegated: the items are the callers' buttons and links, whose own handlers run first.
    const chosen = (event: MouseEvent) => {
      const item = event.target instanceof Element ? event.target.closest('a, button') : null;
      if (item && item.getAttribute('aria-disabled') !== 'true') element.hidePopover();
    };
    element.addEventListener('click', chosen);
    return () => element.removeEventListener('click', chosen);
  }, []);

  useEffect(() => {
    if (!open) return;
    const hide = () => menu.current?.hidePopover();
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('scroll', hide, { capture: true });
      window.removeEventListener('resize', hide);
    };
  }, [open]);

  const place = () => {
    const anchor = button.current?.getBoundingClientRect();
    const element = menu.current;
    if (!anchor || !element) return;
    const { width, height } = element.getBoundingClientRect();
    const below = anchor.bottom + GAP + height <= window.innerHeight - GAP;
    element.style.top = `${below ? anchor.bottom + GAP : Math.max(GAP, anchor.top - GAP - height)}px`;
    element.style.left = `${Math.min(Math.max(GAP, anchor.right - width), window.innerWidth - width - GAP)}px`;
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="action-button row-menu__button"
        popoverTarget={id}
        aria-label={label}
        data-tooltip={label}
      >
        <MoreIcon />
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        className="row-menu"
        role="group"
        aria-label={label}
        onToggle={(event) => {
          const opened = event.newState === 'open';
          setOpen(opened);
          if (opened) place();
        }}
      >
        {children}
      </div>
    </>
  );
}
