import { useEffect, useRef, useState } from 'react';
import { verificationMessages as m, type UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { readSession, saveProfile } from '../../../shared/session/session';
import { uploadVerification } from '../api/verificationApi';
import { CountryStep } from './CountryStep';
import { DocumentStep } from './DocumentStep';
import { IdTypeStep } from './IdTypeStep';
import { IntroStep } from './IntroStep';
import { SelfieStep } from './SelfieStep';
import { SubmittedStep } from './SubmittedStep';
import { canGoNext, initialWizard, submitProblem, uploadForm, VISIBLE_STEPS, visibleStep, type WizardData, type WizardStep } from './wizardState';

interface VerificationWizardProps {
  info: UserInformationResponse;
  rejection: string | null;
}

/** The six-step wizard of spec 3 §2; the upload moves the stored status to "pending" and the wizard to step 6. */
export function VerificationWizard({ info, rejection }: VerificationWizardProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [data, setData] = useState<WizardData>(initialWizard);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const update = (patch: Partial<WizardData>) => setData((current) => ({ ...current, ...patch }));
  // A new step's title takes the focus, so a screen reader announces it; its card is scrolled to the
  // top below the sticky header (html's scroll-padding), not left where a focus scroll would put the title.
  useEffect(() => {
    const heading = title.current;
    if (data.step <= 1 || !heading) return;
    heading.closest('section')?.scrollIntoView?.({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [data.step]);
  // Spec 3 §4: stepping forwards or backwards clears the error.
  const go = (step: WizardStep) => {
    setError(null);
    update({ step });
  };

  if (data.step === 1) return <IntroStep info={info} rejection={rejection} onStart={() => go(2)} />;
  if (data.step === 6) return <SubmittedStep titleRef={title} />;

  async function submit() {
    const userId = readSession()?.userId || null;
    const problem = submitProblem(data, userId);
    if (problem !== null || userId === null) {
      setError(contractText(problem ?? m.userIdMissingSubmit));
      return;
    }
    setSubmitting(true);
    try {
      await uploadVerification(userId, uploadForm(data));
      saveProfile({ isVerified: 'pending' });
      go(6);
    } catch (failure) {
      if (failure instanceof ApiError) {
        const status = failure.message;
        setError(failure.serverMessage ? contractText(failure.serverMessage) : t`API Error: ${status}.`);
      } else {
        setError(contractText(m.submitFailed));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const step = visibleStep(data.step);
  const total = VISIBLE_STEPS;
  const titles: Record<2 | 3 | 4 | 5, string> = {
    2: t`Confirm your country`,
    3: t`Select an ID type`,
    4: t`Upload your ID`,
    5: t`Take a selfie`,
  };
  return (
    <section className="card verify-wizard" aria-labelledby="verify-wizard-title">
      <div className="verify-progress">
        <p className="verify-progress__text">
          <Trans>
            Step {step} of {total}
          </Trans>
        </p>
        <div className="verify-progress__bar" role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={step} aria-label={t`Verification progress`}>
          <span style={{ width: `${(step / total) * 100}%` }} />
        </div>
      </div>
      <h2 id="verify-wizard-title" className="verify-wizard__title" ref={title} tabIndex={-1}>
        {titles[data.step]}
      </h2>
      {data.step === 2 && <CountryStep country={data.country} onChange={(country) => update({ country })} />}
      {data.step === 3 && (
        <IdTypeStep
          chosen={data.idType}
          onChoose={(idType) => {
            setError(null);
            update({ idType, step: 4 });
          }}
        />
      )}
      {data.step === 4 && data.idType && (
        <DocumentStep
          idType={data.idType}
          front={data.front}
          back={data.back}
          onFront={(front) => update({ front })}
          onBack={(back) => update({ back })}
          onProblem={setError}
        />
      )}
      {data.step === 4 && !data.idType && <p className="field-error">{contractText(m.idTypeInvalid)}</p>}
      {data.step === 5 && <SelfieStep selfie={data.selfie} onSelfie={(selfie) => update({ selfie })} onProblem={setError} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="verify-wizard__actions">
        <button type="button" className="btn btn-ghost" disabled={submitting} onClick={() => go((data.step - 1) as WizardStep)}>
          <Trans>Back</Trans>
        </button>
        {data.step === 5 ? (
          <button type="button" className="btn btn-primary" disabled={!canGoNext(data) || submitting} onClick={() => void submit()}>
            {submitting ? <Trans>Submitting...</Trans> : <Trans>Submit Verification</Trans>}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!canGoNext(data)} onClick={() => go((data.step + 1) as WizardStep)}>
            <Trans>Next</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
