import { msg } from '@lingui/core/macro';
import type { FaqItem } from '../../../shared/ui/Faq';

/** The withdrawal page's FAQ list (spec 3 §2). */
export const withdrawFaqItems: readonly FaqItem[] = [
  {
    question: msg`How do I withdraw crypto?`,
    answer: msg`Choose the crypto, then where it goes: an address on a network (on-chain) or another user of this exchange (internal). Enter the amount, review the fee and the amount received, then confirm with the code we email you (and your authenticator code when the app is on). The withdrawal appears in Withdrawal History with its status.`,
  },
  {
    question: msg`What is the network fee?`,
    answer: msg`An on-chain withdrawal pays the network's fee, shown before you submit and taken from the amount: the recipient gets the amount minus the fee. Internal withdrawals to another user have no fee.`,
  },
  {
    question: msg`Why does my withdrawal say "Awaiting approval"?`,
    answer: msg`Large withdrawals are checked by our team before they are sent. Your coins stay held until then, and you can still cancel the withdrawal while it waits.`,
  },
  {
    question: msg`Can I cancel a withdrawal?`,
    answer: msg`Yes, as long as it has not been sent to the network yet (Awaiting confirmation, Pending or Awaiting approval). A held amount returns to your account at once; a withdrawal awaiting its emailed code holds nothing and expires after 15 minutes.`,
  },
  {
    question: msg`Why can I not withdraw?`,
    answer: msg`Withdrawals need a verified identity. They are also locked for 24 hours after a password or email change, and each day's withdrawals are limited by your verification level. The page tells you which applies.`,
  },
  {
    question: msg`What is the address book?`,
    answer: msg`Addresses you save, each with a label and its network, and other users of this exchange as internal recipients, so you need not paste them again. Saving one needs the code we email you. With "Whitelist only" on, you can withdraw only to saved addresses and recipients.`,
  },
];
