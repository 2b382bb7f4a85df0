import type { AddressBookEntry, CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../shared/ui/Modal';
import { AddAddressForm, type AddressDraft } from './AddAddressForm';

interface AddAddressDialogProps {
  uid: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: CoinTransactionRow;
  /** What the withdrawal form holds now, so the address just typed can be saved as it is. */
  initial: AddressDraft;
  onSaved: (entry: AddressBookEntry) => void;
}

/** "Add to address book" from the withdrawal page; the form mounts with the dialog, so it opens fresh each time. */
export function AddAddressDialog({ uid, open, onOpenChange, coin, initial, onSaved }: AddAddressDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add to address book`}
      description={<Trans>Saving an address needs the code we email you.</Trans>}
      className="withdraw-dialog"
    >
      {open && (
        <AddAddressForm
          uid={uid}
          coin={coin}
          initial={initial}
          onSaved={(entry) => {
            onSaved(entry);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}
