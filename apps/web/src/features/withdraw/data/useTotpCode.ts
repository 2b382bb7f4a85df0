import { useCallback, useMemo, useState } from 'react';
import { isTotpCode, securityErrorCodes } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import type { FieldFeedback } from '../../../shared/two-factor/TotpField';

/**
 * The authenticator code of a form that moves money or adds a destination: shown from the start
 * when the user has the app on, or once the server asks (TOTP_REQUIRED); each code is sent once and
 * the field is emptied, since the server refuses a code a second time within its window.
 */
export function useTotpCode(twoFactorOn: boolean) {
  const [value, setValue] = useState('');
  const [asked, setAsked] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const shown = twoFactorOn || asked;

  /** The code to send, or null when the field is shown and holds no 6-digit code (it is drawn invalid). */
  const take = useCallback((): { code: string | undefined } | null => {
    if (!shown) return { code: undefined };
    const code = value.trim();
    if (!isTotpCode(code)) {
      setInvalid(true);
      return null;
    }
    setValue('');
    return { code };
  }, [shown, value]);

  /** After a refusal: a TOTP answer shows the field (if it was not yet) and marks it for a new code. */
  const refused = useCallback((error: unknown) => {
    if (!(error instanceof ApiError) || !error.code?.startsWith('TOTP')) return;
    if (error.code === securityErrorCodes.totpRequired) setAsked(true);
    setInvalid(true);
  }, []);

  const feedback: FieldFeedback = useMemo(
    () => ({ isInvalid: () => (invalid ? true : undefined), edited: () => setInvalid(false) }),
    [invalid],
  );

  return { shown, value, setValue, take, refused, feedback };
}

export type TotpCode = ReturnType<typeof useTotpCode>;
