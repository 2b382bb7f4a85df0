import { useLingui } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from './TextField';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'field' | 'type' | 'autoComplete' | 'autoFocus' | 'password'>;

/** The "Email" field that opens the login, sign-up and reset forms. */
export function EmailField(props: EmailFieldProps) {
  const { t } = useLingui();
  return <TextField {...props} label={t`Email`} field="email" type="email" autoComplete="email" autoFocus />;
}
