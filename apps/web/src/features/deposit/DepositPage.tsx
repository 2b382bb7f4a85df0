import { fundsMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { useSession } from '../../shared/session/useSession';
import { Faq } from '../../shared/ui/Faq';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { DepositFlow } from './DepositFlow';
import { depositFaqItems } from './info/faqItems';
import '../../shared/ui/wallet.css';
import '../../shared/funds/funds.css';
import './deposit.css';

/** The deposit page of spec 3 §2, at /deposit: crypto, network, address; then the deposit history. */
export default function DepositPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = useSession();
  const uid = session?.uid ?? null;
  usePageTitle(t`Deposit crypto`);
  const faq = <Faq title={<Trans>FAQ</Trans>} items={depositFaqItems} titleClassName="wallet-card__title" className="funds-faq" />;

  return (
    <div className="container wallet-page deposit-page">
      <h1 className="wallet-page__title">
        <Trans>Deposit crypto</Trans>
      </h1>
      {uid === null ? (
        <div className="funds-layout">
          <LoginPrompt
            title={session ? contractText(fundsMessages.userIdMissing) : t`Log in to deposit`}
            text={t`Log in to see your deposit addresses and your deposits.`}
          />
          {faq}
        </div>
      ) : (
        <DepositFlow uid={uid} token={session?.token ?? null} aside={faq} />
      )}
    </div>
  );
}
