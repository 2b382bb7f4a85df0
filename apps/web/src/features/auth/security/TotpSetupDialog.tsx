import { useEffect, useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Check, Copy } from 'lucide-react';
import { securityErrorCodes, totpEnableRequest, type TotpSetupResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { enableTotp, setupTotp } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';
import { ConfirmIdentity, type Proof } from './ConfirmIdentity';
import { CODE_REFUSALS } from './NewPasswordStep';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpField } from '../../../shared/two-factor/TotpField';
import { useCopy } from '../../../shared/hooks/useCopy';

/** The setup key in groups of four, as apps print it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

type Setup = { step: 'loading' } | { step: 'failed'; message: string } | { step: 'scan'; setup: TotpSetupResponse } | { step: 'codes'; codes: string[] };

interface TotpSetupDialogProps {
  userId: string;
  onClose: () => void;
  /** The app is on: the page reads the overview again. */
  onEnabled: () => void;
}

/** The field a refusal of the enable call is about, so the form marks it. */
function refusedField(caught: unknown): string | undefined {
  if (!(caught instanceof ApiError) || !caught.code) return undefined;
  if (caught.code.startsWith('TOTP')) return 'totp_code';
  if (caught.code === securityErrorCodes.passwordWrong) return 'password';
  return CODE_REFUSALS.includes(caught.code) ? 'otp' : undefined;
}

function ScanStep({ userId, setup, onEnabled }: { userId: string; setup: TotpSetupResponse; onEnabled: (codes: string[]) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<Proof>({ kind: 'password', password: '' });
  const feedback = useFormFeedback();
  const { error, success, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);
  const { state, copy } = useCopy();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = proof.kind === 'password' ? { password: proof.password } : { otp: proof.otp };
    const form = validate(totpEnableRequest, { user_id: userId, totp_code: code, ...given });
    if (!form.ok) return fail(form.message, form.fields);
    clear();
    setLoading(true);
    try {
      const answer = await enableTotp(form.data);
      onEnabled(answer.recovery_codes);
    } catch (caught) {
      setLoading(false);
      const field = refusedField(caught);
      fail(serverMessageOf(caught) ?? t`The authenticator app could not be enabled. Please try again.`, field ? new Set([field]) : undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="totp-setup">
      <ol className="totp-setup__steps">
        <li>
          <Trans>Install an authenticator app such as Google Authenticator, Microsoft Authenticator or Authy.</Trans>
        </li>
        <li>
          <Trans>Scan this QR code with the app, or enter the setup key by hand.</Trans>
          <div className="totp-setup__qr">
            <QRCodeSVG value={setup.otpauth_uri} size={176} level="M" marginSize={2} bgColor="#ffffff" fgColor="#0b0e11" title={t`QR code for your authenticator app`} />
          </div>
          <div className="totp-setup__key">
            <span className="field-label">
              <Trans>Setup key</Trans>
            </span>
            <code className="totp-setup__secret">{grouped(setup.secret)}</code>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy(setup.secret)} aria-label={t`Copy setup key`}>
              {state === 'copied' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              <span aria-hidden>{state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
            </button>
            <span className="sr-only" aria-live="polite">
              {state === 'copied' ? t`Copied to clipboard!` : state === 'failed' ? t`Copy failed: select the key and copy it by hand.` : ''}
            </span>
          </div>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
          <TotpField id="totp-setup-code" feedback={feedback} value={code} onValueChange={setCode} />
        </li>
        <li>
          <ConfirmIdentity userId={userId} proof={proof} onProofChange={setProof} feedback={feedback} />
        </li>
      </ol>
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Enable</Trans>
      </SubmitButton>
    </form>
  );
}

/** Enable the authenticator app: scan, confirm a code, then the recovery codes, shown this once. */
export function TotpSetupDialog({ userId, onClose, onEnabled }: TotpSetupDialogProps) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<Setup>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Mounted when opened: each opening (and Try Again) asks for a new secret.
  useEffect(() => {
    let live = true;
    setupTotp(userId).then(
      (answer) => live && setSetup({ step: 'scan', setup: answer }),
      (caught: unknown) => live && setSetup({ step: 'failed', message: serverMessageOf(caught) ?? t`The setup could not be started. Please try again.` }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt, t]);

  const close = () => {
    if (setup.step === 'codes') onEnabled();
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={setup.step === 'codes' ? t`Save your recovery codes` : t`Enable authenticator app`}
      className="security-modal"
    >
      {setup.step === 'loading' && <Spinner label={t`Preparing your setup key`} />}
      {setup.step === 'failed' && (
        <div className="security-modal__failed">
          <FormAlert error={setup.message} />
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setSetup({ step: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Try Again</Trans>
          </button>
        </div>
      )}
      {setup.step === 'scan' && <ScanStep userId={userId} setup={setup.setup} onEnabled={(codes) => setSetup({ step: 'codes', codes })} />}
      {setup.step === 'codes' && <RecoveryCodes codes={setup.codes} onDone={close} />}
    </Modal>
  );
}
