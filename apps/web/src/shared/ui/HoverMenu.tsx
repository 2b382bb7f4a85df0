import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import './HoverMenu.css';

interface HoverMenuProps {
  /** Visible trigger content (text or icon). */
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  chevron?: boolean;
  className?: string;
  triggerClassName?: string;
  panelClassName?: string;
}

const CLOSE_DELAY_MS = 150;

/**
 * A header dropdown that opens on hover, on keyboard focus and on click (disclosure
 * pattern). Escape closes it and returns focus to the trigger; following a link inside
 * closes it too, because the header stays mounted across navigations.
 */
export function HoverMenu({ label, ariaLabel, children, align = 'start', chevron = true, className, triggerClassName, panelClassName }: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hovered = useRef(false);
  const refocusing = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = () => window.clearTimeout(closeTimer.current);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => cancelClose, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      refocusing.current = true;
      triggerRef.current?.focus();
      refocusing.current = false;
    } else if (event.key === 'ArrowDown' && event.target === triggerRef.current) {
      event.preventDefault();
      setOpen(true);
      window.requestAnimationFrame(() => {
        rootRef.current?.querySelector<HTMLElement>('.hover-menu__panel a, .hover-menu__panel button')?.focus();
      });
    }
  };

  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, [data-close-menu]')) setOpen(false);
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
        closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={clsx('hover-menu__trigger', open && 'is-open', triggerClassName)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        onFocus={() => {
          if (!refocusing.current) setOpen(true);
        }}
        // A hover already opened it: a click must not close it under the pointer.
        onClick={() => setOpen((was) => (was && hovered.current ? true : !was))}
      >
        {label}
        {chevron && <ChevronDown className="hover-menu__chevron" size={14} aria-hidden />}
      </button>
      {open && (
        <div id={panelId} className={clsx('hover-menu__panel', `hover-menu__panel--${align}`, panelClassName)} onClick={onPanelClick}>
          {children}
        </div>
      )}
    </div>
  );
}
