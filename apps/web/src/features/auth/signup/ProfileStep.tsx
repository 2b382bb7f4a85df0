import { useState, type ChangeEvent } from 'react';
import { Camera, UserRound } from 'lucide-react';
import {
  authMessages,
  PHONE_PREFIXES,
  PROFILE_IMAGE_MAX_BYTES,
  profileForm,
  serverMessages,
} from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { readSession, saveProfile } from '../../../shared/session/session';
import { editProfile } from '../../../shared/api/account';
import { loadUserInfo } from '../api/userInfo';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { FormTextField } from '../components/FormTextField';
import { readImageAsDataUrl } from '../lib/readImage';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';

interface ProfileStepProps {
  /** Receives the verification state looked up after saving. */
  onDone: (isVerified: string | null) => void;
}

export function ProfileStep({ onDone }: ProfileStepProps) {
  const { t } = useLingui();
  const feedback = useFormFeedback();
  const { form, submitWith } = useContractForm(profileForm, { name: '', phone_prefix: PHONE_PREFIXES[0], phone: '' }, feedback);
  const { register } = form;
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { error, fail, clear, edited, isInvalid } = feedback;
  const [loading, setLoading] = useState(false);

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    clear();
    if (!file) return;
    const reject = (message: string) => {
      input.value = '';
      setImage(null);
      setPreview(null);
      fail(message);
    };
    if (!file.type.startsWith('image/')) return reject(authMessages.selectImageFile);
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return reject(serverMessages.imageTooLarge);
    try {
      setPreview(await readImageAsDataUrl(file));
      setImage(file);
    } catch {
      reject(authMessages.imageReadFailed);
    }
  };

  const submit = submitWith(async (data) => {
    const userId = readSession()?.userId;
    if (!userId) return fail(authMessages.userIdMissing);
    setLoading(true);
    try {
      const fields = { name: data.name, phone_number: `${data.phone_prefix} ${data.phone}` };
      const answer = await editProfile(userId, fields, image);
      if (!answer.success) throw rejectedAnswer(answer.message);
      saveProfile({ fullName: answer.user.name, phone: answer.user.phone_number, profileImage: answer.user.profile_image });
      onDone(await loadUserInfo(userId));
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? authMessages.profileUpdateFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>Tell us how to address you. You can change this later.</Trans>
      </p>
      <div className="auth-avatar-row">
        <div className="auth-avatar" aria-hidden>
          {preview ? <img src={preview} alt="" /> : <UserRound size={32} />}
        </div>
        <div>
          <label htmlFor="signup-picture" className="btn btn-ghost btn-sm auth-upload">
            <Camera size={16} aria-hidden />
            {preview ? <Trans>Change picture</Trans> : <Trans>Upload picture</Trans>}
          </label>
          <input id="signup-picture" className="sr-only" type="file" accept="image/*" onChange={pickImage} disabled={loading} />
          <p className="muted auth-hint">
            <Trans>Optional. PNG or JPEG, up to 5 MB.</Trans>
          </p>
        </div>
      </div>
      <FormTextField
        control={form.control}
        name="name"
        id="signup-name"
        label={t`Full name`}
        feedback={feedback}
        type="text"
        autoComplete="name"
        placeholder={t`Your full name`}
        autoFocus
      />
      <div className="field">
        <label htmlFor="signup-phone">
          <Trans>Phone number</Trans>
        </label>
        <div className="auth-phone">
          <select
            className="select"
            aria-label={t`Country calling code`}
            autoComplete="tel-country-code"
            {...register('phone_prefix')}
          >
            {PHONE_PREFIXES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <input
            id="signup-phone"
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t`Phone number`}
            aria-invalid={isInvalid('phone')}
            {...register('phone', { onChange: () => edited('phone') })}
          />
        </div>
      </div>
      <FormAlert error={error} />
      <SubmitButton loading={loading}>
        <Trans>Finish</Trans>
      </SubmitButton>
    </form>
  );
}
