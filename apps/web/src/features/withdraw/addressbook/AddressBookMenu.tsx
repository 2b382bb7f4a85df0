import { useEffect, useId, useRef, useState } from 'react';
import { BookUser } from 'lucide-react';
import type { AddressBookEntry } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { addressPreview } from '../model/addressBook';

interface AddressBookMenuProps {
  entries: readonly AddressBookEntry[];
  status: AsyncStatus;
  onRetry: () => void;
  onPick: (entry: AddressBookEntry) => void;
}

/**
 * The saved addresses for this coin as a dropdown of buttons: label, network and the first 15
 * characters of the address (spec 3 §2). Escape or a click outside closes it, focus returns to the toggle.
 */
export function AddressBookMenu({ entries, status, onRetry, onPick }: AddressBookMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  let body;
  if (status === 'error') {
    body = (
      <div className="withdraw-book__state" role="alert">
        <span>{t`Failed to load the address book.`}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else if (entries.length === 0) {
    body = <p className="withdraw-book__state muted">{status === 'loading' ? t`Loading the address book` : t`No saved addresses for this crypto yet.`}</p>;
  } else {
    body = (
      <ul className="withdraw-book__list">
        {entries.map((entry) => {
          const preview = addressPreview(entry.address);
          return (
            <li key={entry.id}>
              <button
                type="button"
                className="withdraw-book__entry"
                title={entry.address}
                onClick={() => {
                  onPick(entry);
                  close();
                }}
              >
                <strong>{entry.label}</strong>
                <span className="withdraw-book__network">{entry.network}</span>
                <code className="muted" data-testid="address-book-preview">
                  {preview}
                </code>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      className="withdraw-book"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn-link withdraw-book__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BookUser size={16} aria-hidden />
        <Trans>Address book</Trans>
      </button>
      {open && (
        <div id={panelId} className="withdraw-book__panel" role="group" aria-label={t`Saved addresses`}>
          {body}
        </div>
      )}
    </div>
  );
}
