import { withdrawMessages } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import { tooManyDecimalsText } from '../../../shared/funds/decimals';
import { useContractText } from '../../../shared/i18n/contractText';
import type { AddressIssue } from '../model/address';
import type { WithdrawProblem } from '../model/validation';

/** The page's words for the contract's withdrawal texts, translated; those with values are worded here in the same English. */
export function useWithdrawTexts() {
  const { t } = useLingui();
  const contractText = useContractText();
  const problem = (found: WithdrawProblem): string => {
    switch (found.kind) {
      case 'completeFields':
        return contractText(withdrawMessages.completeFields);
      case 'invalidAmount':
        return contractText(withdrawMessages.invalidAmount);
      case 'tooManyDecimals':
        return contractText(tooManyDecimalsText(found.symbol, found.network, found.decimals));
      case 'belowFee': {
        const { fee, symbol } = found;
        return t`Withdrawal amount must be greater than the network fee (${fee} ${symbol}).`;
      }
      case 'insufficient':
        return contractText(withdrawMessages.insufficient);
      default:
        return address(found);
    }
  };
  const address = (found: AddressIssue): string => {
    switch (found.kind) {
      case 'invalidAddress': {
        const { network } = found;
        return t`This is not a valid ${network} address`;
      }
      case 'burnAddress':
        return contractText(withdrawMessages.burnAddress);
      case 'invalidMemo': {
        const { network } = found;
        return t`This is not a valid ${network} memo`;
      }
    }
  };
  const lockedUntil = (iso: string): string => {
    const until = formatDateTime(iso);
    return t`Withdrawals are locked for 24 hours after a password or email change, until ${until}`;
  };
  return { problem, address, lockedUntil, contractText };
}
