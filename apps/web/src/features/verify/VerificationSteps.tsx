import { ID_TYPES } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { VERIFICATION_STEPS } from './verificationState';

/** The wizard's five steps, explained ahead of the upload (spec 3 §2 "Step n of 5"). */
export function VerificationSteps() {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const idTypes = ID_TYPES.map((type) => {
    const name = contractText(type.name);
    return type.needsBack ? name : t`${name} (front only)`;
  }).join(', ');
  const total = VERIFICATION_STEPS.length;
  return (
    <section className="card verify-steps" aria-labelledby="verify-steps-title">
      <h2 id="verify-steps-title" className="verify-steps__title">
        <Trans>How verification works</Trans>
      </h2>
      <ol className="verify-steps__list">
        {VERIFICATION_STEPS.map((step, index) => {
          const number = index + 1;
          return (
            <li key={step.title.id} className="verify-steps__item">
              <span className="verify-steps__number" aria-hidden>
                {number}
              </span>
              <div>
                <h3 className="verify-steps__name">
                  <span className="sr-only">
                    <Trans>
                      Step {number} of {total}:
                    </Trans>{' '}
                  </span>
                  {i18n._(step.title)}
                </h3>
                <p className="muted">{step.text ? i18n._(step.text) : `${idTypes}.`}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
