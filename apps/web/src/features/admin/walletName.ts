import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const WALLETS: Record<string, MessageDescriptor> = {
  spot: msg`Spot`,
  futures: msg`Futures`,
  funding: msg`Funding`,
  earn: msg`Earn`,
};

/** A ledger wallet as the trader's pages name it; one the web does not know yet stays as the server wrote it. */
export function useWalletName(): (wallet: string) => string {
  const { i18n } = useLingui();
  return (wallet) => {
    const name = WALLETS[wallet];
    return name ? i18n._(name) : wallet;
  };
}
