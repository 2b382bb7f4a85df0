import type { WithdrawalRecord } from '@exchange/contract';
import type { Mail } from '../../../mail/mailer.js';
import { networkById } from '../networks.js';
import { amountReceived } from './rules.js';
import type { StoredWithdrawal } from './store.js';

/**
 * The mail that confirms a withdrawal (issue 14 #4): the code first (the outbox and its readers
 * take the first six-digit number), then what the code would send and where, so that a user who
 * did not ask for it sees exactly what someone with their session is trying to take.
 */
export function withdrawalConfirmMail(to: string, code: string, w: StoredWithdrawal, recipient: string | null, ttlMinutes: number): Mail {
  const network = w.networkId === null ? null : networkById(w.networkId);
  const destination =
    w.kind === 'internal'
      ? `To: ${recipient ?? 'another user'} (internal transfer, no network fee)`
      : `To: ${w.address}${w.memo ? ` (memo ${w.memo})` : ''}\nNetwork: ${network?.name ?? w.networkId}`;
  return {
    to,
    userId: w.userId,
    subject: `Confirm your withdrawal of ${w.amount.toFixed()} ${w.symbol}`,
    text:
      `Your code to confirm this withdrawal is ${code}.\n\n` +
      `Amount: ${w.amount.toFixed()} ${w.symbol}\n${destination}\nFee: ${w.fee.toFixed()} ${w.symbol}\n` +
      `Received: ${amountReceived(w.amount, w.fee).toFixed()} ${w.symbol}\nWithdrawal: ${w.id}\n\n` +
      `The code expires in ${ttlMinutes} minutes; nothing leaves your account until it is entered. ` +
      'If you did not ask for this withdrawal, do not share the code: change your password and contact support.',
  };
}

/**
 * The mail of a withdrawal an API key asked for (issue 42): no code to enter (the address book's
 * confirmation stands for it), but the same details as the web's mail and the key's label, so a
 * user whose key was taken sees at once which key to delete.
 */
export function withdrawalByKeyMail(to: string, userId: string, w: WithdrawalRecord, label: string): Mail {
  const next =
    w.status === 'review'
      ? 'It waits for our review before it is sent.'
      : 'It is sent to the network shortly; you can cancel it until then.';
  return {
    to,
    userId,
    subject: `Withdrawal of ${w.amount} ${w.symbol} requested with your API key "${label}"`,
    text:
      `Your API key "${label}" asked for this withdrawal.\n\n` +
      `Amount: ${w.amount} ${w.symbol}\nTo: ${w.address}${w.memo ? ` (memo ${w.memo})` : ''}\nNetwork: ${w.network}\nFee: ${w.fee} ${w.symbol}\n` +
      `Received: ${w.final_amount} ${w.symbol}\nWithdrawal: ${w.id}\n\n${next} ` +
      'If you did not ask for this withdrawal, delete this API key now, change your password and contact support.',
  };
}
