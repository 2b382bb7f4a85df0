import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';

type EmailFieldProps<T extends FieldValues> = Omit<ComponentProps<typeof FormTextField<T>>, 'label' | 'type' | 'autoComplete' | 'autoFocus' | 'password'>;

/** The "Email" field that opens the login, sign-up and reset forms. */
export function EmailField<T extends FieldValues>(props: EmailFieldProps<T>) {
  const { t } = useLingui();
  return <FormTextField {...props} label={t`Email`} type="email" autoComplete="email" autoFocus />;
}
