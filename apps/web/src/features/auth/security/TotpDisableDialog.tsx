import { useState, type FormEvent } from 'react';
import { secondFactorField } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../shared/ui/Modal';
import { disableTotp } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { serverMessageOf } from '../lib/errors';
import { TotpField } from '../../../shared/two-factor/TotpField';

interface TotpDisableDialogProps {
  userId: string;
  onClose: () => void;
  onDisabled: (message: string) => void;
}

/** Turn the authenticator app off: a security change, so it takes one of its codes (or a recovery code). */
export function TotpDisableDialog({ userId, onClose, onDisabled }: TotpDisableDialogProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const feedback = useFormFeedback();
  const { error, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = secondFactorField.safeParse(code);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? '', new Set(['totp_code']));
    clear();
    setLoading(true);
    try {
      const answer = await disableTotp(userId, parsed.data);
      setCode('');
      setLoading(false);
      onDisabled(answer.message);
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? t`The authenticator app could not be disabled. Please try again.`, new Set(['totp_code']));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t`Disable authenticator app`}
      description={t`Without it, a stolen password is enough to log in. Withdrawals are disabled for 24 hours after you turn it off.`}
      className="security-modal"
    >
      <form onSubmit={submit} noValidate>
        <TotpField id="totp-disable-code" feedback={feedback} value={code} onValueChange={setCode} recovery autoFocus />
        <FormAlert error={error} />
        <SubmitButton loading={loading}>
          <Trans>Disable</Trans>
        </SubmitButton>
      </form>
    </Modal>
  );
}
