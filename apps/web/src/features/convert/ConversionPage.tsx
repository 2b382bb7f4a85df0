import { useState } from 'react';
import { History } from 'lucide-react';
import { convertMessages as m } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { readSession } from '../../shared/session/session';
import { GuidedTour } from '../../shared/tour';
import { Faq } from '../../shared/ui/Faq';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useCurrencies } from './data/useCurrencies';
import { ConvertForm } from './form/ConvertForm';
import { HistoryModal } from './history/HistoryModal';
import { Benefits } from './info/Benefits';
import { convertFaqItems } from './info/faqItems';
import { conversionTour, conversionTourKey } from './tour/conversionTour';
import './convert.css';

/** The conversion page of spec 2 §2, at /conversion: USDT to a coin and back at a firm quote. */
export default function ConversionPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const uid = readSession()?.uid ?? null;
  const { currencies, failed } = useCurrencies();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyOpenings, setHistoryOpenings] = useState(0);
  usePageTitle(t`Convert`);

  return (
    <div className="container convert-page">
      <div className="convert-page__head">
        <div>
          <h1 className="convert-page__title">
            <Trans>Convert</Trans>
          </h1>
          <p className="muted convert-page__lead">
            <Trans>Swap USDT and coins instantly: no fees, no slippage.</Trans>
          </p>
        </div>
        {uid !== null && (
          <button
            type="button"
            className="btn btn-ghost convert-page__history"
            data-tour="convert-history"
            onClick={() => {
              setHistoryOpenings((count) => count + 1);
              setHistoryOpen(true);
            }}
          >
            <History size={18} aria-hidden />
            <Trans>Conversion history</Trans>
          </button>
        )}
      </div>
      {failed && (
        <p className="form-error convert-page__alert" role="alert">
          {contractText(m.currenciesFailed)}
        </p>
      )}
      <ConvertForm uid={uid} currencies={currencies} />
      <Benefits />
      <Faq title={<Trans>Frequently Asked Questions</Trans>} items={convertFaqItems} titleClassName="convert-page__section-title" />
      {uid !== null && <HistoryModal uid={uid} open={historyOpen} openCount={historyOpenings} onOpenChange={setHistoryOpen} />}
      <GuidedTour
        steps={conversionTour}
        storageKey={conversionTourKey}
        finishLabel={t`Start Converting`}
        helpText={t`See how to convert with no fees and no slippage.`}
      />
    </div>
  );
}
