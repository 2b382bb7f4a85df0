import { useLingui } from '@lingui/react/macro';
import type { UserNotification, WithdrawalStatus } from '@exchange/contract';
import { numberFormat } from '../../shared/format/number';

export interface NotificationText {
  title: string;
  body: string;
}

/** A decimal string in the page's language, as many decimals as it has (up to 8). */
function decimal(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? numberFormat({ maximumFractionDigits: 8 }).format(n) : value;
}

/**
 * The words of a notification in the page's language: the server keeps only its code and
 * parameters (issue 40 #4), so a reader who switches language reads every one in the new one.
 */
export function useNotificationText(): (n: UserNotification) => NotificationText {
  const { t } = useLingui();

  function withdrawalText(status: WithdrawalStatus, amount: string, symbol: string): NotificationText {
    switch (status) {
      case 'review':
        return { title: t`Withdrawal under review`, body: t`${amount} ${symbol} is held while we review it.` };
      case 'processing':
        return { title: t`Withdrawal sent`, body: t`${amount} ${symbol} is on its way to the chain.` };
      case 'completed':
        return { title: t`Withdrawal completed`, body: t`${amount} ${symbol} reached the destination.` };
      case 'expired':
        return { title: t`Withdrawal expired`, body: t`${amount} ${symbol} was not confirmed in time; nothing was sent.` };
      case 'cancelled':
        return { title: t`Withdrawal cancelled`, body: t`${amount} ${symbol} is available again.` };
      default:
        return { title: t`Withdrawal not sent`, body: t`${amount} ${symbol} was not sent and is available again.` };
    }
  }

  return (n: UserNotification): NotificationText => {
    switch (n.code) {
      case 'deposit_credited': {
        const { symbol, network } = n.params;
        const amount = decimal(n.params.amount);
        return { title: t`Deposit credited`, body: t`${amount} ${symbol} via ${network} is in your account.` };
      }
      case 'deposit_not_credited': {
        const { symbol, network } = n.params;
        const amount = decimal(n.params.amount);
        return { title: t`Deposit not credited`, body: t`${amount} ${symbol} via ${network} was not credited: your deposit history says why.` };
      }
      case 'withdrawal_status':
        return withdrawalText(n.params.status, decimal(n.params.amount), n.params.symbol);
      case 'withdrawal_by_api_key': {
        const { symbol, label } = n.params;
        const amount = decimal(n.params.amount);
        return { title: t`Withdrawal by API key`, body: t`Your API key “${label}” asked to withdraw ${amount} ${symbol}. If this was not you, delete the key now.` };
      }
      case 'order_filled': {
        const { symbol } = n.params;
        const amount = decimal(n.params.amount);
        const price = decimal(n.params.price);
        return n.params.side === 'buy'
          ? { title: t`Buy order filled`, body: t`Bought ${amount} ${symbol} at an average price of ${price} USDT.` }
          : { title: t`Sell order filled`, body: t`Sold ${amount} ${symbol} at an average price of ${price} USDT.` };
      }
      case 'order_partially_filled': {
        const { symbol } = n.params;
        const filled = decimal(n.params.filled);
        const amount = decimal(n.params.amount);
        return n.params.side === 'buy'
          ? { title: t`Buy order partly filled`, body: t`${filled} of ${amount} ${symbol} bought so far.` }
          : { title: t`Sell order partly filled`, body: t`${filled} of ${amount} ${symbol} sold so far.` };
      }
      case 'position_liquidated': {
        const { instId } = n.params;
        const price = decimal(n.params.price);
        return {
          title: t`Position liquidated`,
          body: n.params.side === 'long' ? t`Your long ${instId} position was liquidated at ${price}.` : t`Your short ${instId} position was liquidated at ${price}.`,
        };
      }
      case 'identity_approved':
        return { title: t`Identity verified`, body: t`Your identity verification was approved.` };
      case 'identity_rejected':
        return { title: t`Identity verification rejected`, body: t`The verification page says why; you can submit again.` };
      case 'new_device_login': {
        const { device, address } = n.params;
        return { title: t`Login from a new device`, body: t`${device} (${address}). If this was not you, change your password now.` };
      }
      case 'authenticator_enabled':
        return { title: t`Authenticator app turned on`, body: t`Its code is now asked at login and for withdrawals.` };
      case 'authenticator_disabled':
        return { title: t`Authenticator app turned off`, body: t`Withdrawals are locked for 24 hours. If this was not you, change your password now.` };
      case 'password_changed':
        return { title: t`Password changed`, body: t`Withdrawals are locked for 24 hours. If this was not you, reset your password now.` };
      case 'trading_frozen': {
        const orders = decimal(n.params.orders);
        return { title: t`Trading frozen`, body: t`The exchange froze trading on your account and cancelled your ${orders} open orders; their funds are available again. Contact support to learn more.` };
      }
      case 'adjustment_booked': {
        const { asset, reason } = n.params;
        const amount = decimal(n.params.amount);
        const wallet = n.params.wallet === 'spot' ? t`spot wallet` : t`funding wallet`;
        return n.params.direction === 'credit'
          ? { title: t`Adjustment credited`, body: t`The exchange credited ${amount} ${asset} to your ${wallet}: ${reason}` }
          : { title: t`Adjustment debited`, body: t`The exchange debited ${amount} ${asset} from your ${wallet}: ${reason}` };
      }
    }
  };
}
