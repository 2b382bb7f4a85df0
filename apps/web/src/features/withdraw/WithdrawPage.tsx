import { fundsMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { useSession } from '../../shared/session/useSession';
import { Faq } from '../../shared/ui/Faq';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { withdrawFaqItems } from './info/faqItems';
import { WithdrawFlow } from './WithdrawFlow';
import '../../shared/ui/wallet.css';
import '../../shared/funds/funds.css';
import './withdraw.css';

/** The withdrawal page of spec 3 §2, at /withdraw: crypto, destination, amount; then the withdrawal history. */
export default function WithdrawPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = useSession();
  const uid = session?.uid ?? null;
  usePageTitle(t`Withdraw crypto`);
  const faq = <Faq title={<Trans>FAQ</Trans>} items={withdrawFaqItems} titleClassName="wallet-card__title" className="funds-faq" />;

  return (
    <div className="container wallet-page withdraw-page">
      <h1 className="wallet-page__title">
        <Trans>Withdraw crypto</Trans>
      </h1>
      {session === null || uid === null ? (
        <div className="funds-layout">
          <LoginPrompt
            title={session ? contractText(fundsMessages.userIdMissing) : t`Log in to withdraw`}
            text={t`Log in to withdraw your crypto and see your withdrawals.`}
          />
          {faq}
        </div>
      ) : (
        <WithdrawFlow uid={uid} userId={session.userId || null} token={session.token} email={session.email} aside={faq} />
      )}
    </div>
  );
}
