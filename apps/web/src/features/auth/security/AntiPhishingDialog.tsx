import { useState, type FormEvent } from 'react';
import { antiPhishingRequest, securityErrorCodes } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { Modal } from '../../../shared/ui/Modal';
import { saveAntiPhishingPhrase } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';
import { TotpField } from '../../../shared/two-factor/TotpField';

interface AntiPhishingDialogProps {
  userId: string;
  current: string | null;
  twoFactor: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The phrase every mail from us opens with: 4 to 20 letters, digits or spaces. */
export function AntiPhishingDialog({ userId, current, twoFactor, onClose, onSaved }: AntiPhishingDialogProps) {
  const { t } = useLingui();
  const [phrase, setPhrase] = useState(current ?? '');
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const feedback = useFormFeedback();
  const { error, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);
  const showTotp = twoFactor || askTotp;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = validate(antiPhishingRequest, { user_id: userId, phrase, totp_code: showTotp ? totp : undefined });
    if (!form.ok) return fail(form.message, form.fields);
    clear();
    setLoading(true);
    try {
      const answer = await saveAntiPhishingPhrase(userId, form.data.phrase, form.data.totp_code);
      setLoading(false);
      onSaved(answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      fail(serverMessageOf(caught) ?? t`The phrase could not be saved. Please try again.`);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t`Anti-phishing phrase`}
      description={t`Every email we send you will start with this phrase. An email that claims to be from us without it is not from us.`}
      className="security-modal"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          id="anti-phishing-phrase"
          label={t`Your phrase`}
          field="phrase"
          feedback={feedback}
          autoComplete="off"
          placeholder={t`4 to 20 letters, digits or spaces`}
          maxLength={20}
          autoFocus
          value={phrase}
          onValueChange={setPhrase}
        />
        {showTotp && <TotpField id="anti-phishing-totp" feedback={feedback} value={totp} onValueChange={setTotp} />}
        <FormAlert error={error} />
        <SubmitButton loading={loading}>
          <Trans>Save</Trans>
        </SubmitButton>
      </form>
    </Modal>
  );
}
