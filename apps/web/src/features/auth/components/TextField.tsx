import type { ChangeEvent, ComponentProps } from 'react';
import type { useFormFeedback } from '../hooks/useFormFeedback';
import { PasswordInput } from './PasswordInput';

type FieldFeedback = Pick<ReturnType<typeof useFormFeedback>, 'isInvalid' | 'edited'>;

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'aria-invalid'> {
  id: string;
  label: string;
  /** The validation field this input feeds: it is drawn invalid from `feedback` and cleared on edit. */
  field: string;
  feedback: FieldFeedback;
  value: string;
  onValueChange: (value: string) => void;
  /** Draws the field as a password input with its show/hide toggle. */
  password?: boolean;
}

/** A labelled form field; the label is bound to the input so it can be found by its text. */
export function TextField({ id, label, field, feedback, value, onValueChange, password, ...inputProps }: TextFieldProps) {
  const props = {
    ...inputProps,
    id,
    value,
    'aria-invalid': feedback.isInvalid(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      onValueChange(e.target.value);
      feedback.edited(field);
    },
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {password ? <PasswordInput {...props} /> : <input className="input" {...props} />}
    </div>
  );
}
