import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { moveForKey, nextIndex } from './listNavigation';
import './HoverMenu.css';

interface HoverMenuProps {
  /** Visible trigger content (text or icon). */
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  children: ReactNode;
  /**
   * 'menu' (the default): a menu button whose children are menu items (`useMenuItem`), reached with
   * the arrow keys. 'disclosure': a panel of other content (a QR code, a list of news), reached with Tab.
   */
  kind?: 'menu' | 'disclosure';
  /** Shown above a menu's items, outside the menu itself (who is signed in). */
  header?: ReactNode;
  align?: 'start' | 'end';
  chevron?: boolean;
  className?: string;
  triggerClassName?: string;
  panelClassName?: string;
}

const CLOSE_DELAY_MS = 150;
const ITEM = '[role="menuitem"]';

type FocusTarget = 'first' | 'last';

const InMenuContext = createContext(false);

/**
 * Props that make a row of a HoverMenu a menu item: out of the tab order, since the menu moves focus
 * with the arrow keys. Outside a menu (the phone drawer reuses the rows) they are empty.
 */
export function useMenuItem(): { role?: 'menuitem'; tabIndex?: number } {
  return useContext(InMenuContext) ? { role: 'menuitem', tabIndex: -1 } : {};
}

/**
 * A header dropdown. For the keyboard it follows the WAI-ARIA menu button pattern: Enter, Space or
 * ArrowDown opens it on the first item (ArrowUp on the last), the arrows, Home and End move, Escape
 * closes it and returns focus to the trigger, Tab leaves and closes it; a closed menu's items are not
 * in the page. Mouse users also open it by hovering. Choosing an item closes it, because the header
 * stays mounted across navigations, and puts focus back on the trigger for the next keystroke.
 */
export function HoverMenu({
  label,
  ariaLabel,
  children,
  kind = 'menu',
  header,
  align = 'start',
  chevron = true,
  className,
  triggerClassName,
  panelClassName,
}: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const panelId = useId();
  const triggerId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (target: FocusTarget) => {
    const list = items();
    (target === 'first' ? list[0] : list[list.length - 1])?.focus();
  };

  // A menu opened from the keyboard has its items only once the opening render has committed.
  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    focusItem(pendingFocus.current);
    pendingFocus.current = null;
  });

  useEffect(() => cancelClose, []);

  const closeToTrigger = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const openOn = (target: FocusTarget) => {
    cancelClose();
    if (open) {
      focusItem(target);
    } else {
      pendingFocus.current = target;
      setOpen(true);
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (kind !== 'menu') return;
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openOn('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openOn('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const move = moveForKey(event.key, 'vertical');
    if (!move) return;
    event.preventDefault();
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    list[nextIndex(move, current, list.length)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      closeToTrigger();
    }
  };

  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, [data-close-menu]')) closeToTrigger();
  };

  return (
    <div
      ref={rootRef}
      className={clsx('hover-menu', className)}
      onMouseEnter={() => {
        hovered.current = true;
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={() => {
        hovered.current = false;
        // A keyboard user inside the panel keeps it even when the pointer drifts away.
        if (rootRef.current?.contains(document.activeElement) && document.activeElement !== triggerRef.current) return;
        closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={clsx('hover-menu__trigger', open && 'is-open', triggerClassName)}
        aria-haspopup={kind === 'menu' ? 'menu' : undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        onKeyDown={onTriggerKeyDown}
        // A hover already opened it: a click must not close it under the pointer.
        onClick={() => setOpen((was) => (was && hovered.current ? true : !was))}
      >
        {label}
        {chevron && <ChevronDown className="hover-menu__chevron" size={14} aria-hidden />}
      </button>
      {open && (
        <div id={panelId} className={clsx('hover-menu__panel', `hover-menu__panel--${align}`, panelClassName)} onClick={onPanelClick}>
          {kind === 'menu' ? (
            <>
              {header}
              <InMenuContext.Provider value>
                <div ref={menuRef} role="menu" aria-labelledby={triggerId} onKeyDown={onMenuKeyDown}>
                  {children}
                </div>
              </InMenuContext.Provider>
            </>
          ) : (
            children
          )}
        </div>
      )}
    </div>
  );
}
