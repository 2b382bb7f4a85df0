import { useEffect, useId, useRef, useState } from 'react';
import { BookUser } from 'lucide-react';
import type { AddressBookEntry } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { addressPreview, type EntryKind } from '../model/addressBook';

interface AddressBookMenuProps {
  /** Saved addresses (for an on-chain withdrawal) or saved recipients (for an internal one). */
  kind: EntryKind;
  entries: readonly AddressBookEntry[];
  status: AsyncStatus;
  onRetry: () => void;
  onPick: (entry: AddressBookEntry) => void;
}

/**
 * The saved addresses for this coin, or the saved recipients, as a dropdown of buttons: label,
 * network and the first 15 characters of the address or recipient (spec 3 §2). Escape or a click
 * outside closes it, focus returns to the toggle.
 */
export function AddressBookMenu({ kind, entries, status, onRetry, onPick }: AddressBookMenuProps) {
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
    let empty = kind === 'onchain' ? t`No saved addresses for this crypto yet.` : t`No saved recipients yet.`;
    if (status === 'loading') empty = t`Loading the address book`;
    body = <p className="withdraw-book__state muted">{empty}</p>;
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
        <div id={panelId} className="withdraw-book__panel" role="group" aria-label={kind === 'onchain' ? t`Saved addresses` : t`Saved recipients`}>
          {body}
        </div>
      )}
    </div>
  );
}
