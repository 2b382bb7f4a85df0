import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'field' | 'value' | 'onValueChange'> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Applied to what is typed before the form keeps it (a code without spaces). */
  normalise?: (value: string) => string;
};

/** A TextField whose value the form (useContractForm) holds. */
export function FormTextField<T extends FieldValues>({ control, name, normalise, ...props }: FormTextFieldProps<T>) {
  const { field } = useController({ control, name });
  return (
    <TextField
      {...props}
      field={name}
      value={typeof field.value === 'string' ? field.value : ''}
      onValueChange={(value) => field.onChange(normalise ? normalise(value) : value)}
    />
  );
}
