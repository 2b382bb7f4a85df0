import { useCallback } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { useFormFeedback } from './useFormFeedback';

type Feedback = Pick<ReturnType<typeof useFormFeedback>, 'fail' | 'clear'>;

/**
 * The first issue's text and every field with an issue. The forms show one message at a time (the
 * spec words its messages per step, not per field); the resolver keeps the schema's issue order.
 */
export function firstIssue(errors: FieldErrors): { message: string; fields: ReadonlySet<string> } {
  const fields = Object.keys(errors);
  const first = fields.length > 0 ? errors[fields[0]!] : undefined;
  return { message: typeof first?.message === 'string' ? first.message : '', fields: new Set(fields) };
}

/**
 * A form's values checked by a contract schema (react-hook-form with the zod resolver), told on
 * the form's message line. `submitWith(send)` validates on submit, shows the first issue's text and
 * marks the fields, or clears the line and hands the schema's output (trimmed, lower-cased, ...)
 * to `send`.
 */
export function useContractForm<In extends FieldValues, Out>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>, feedback: Feedback) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    // The line under the form changes on submit only, as the spec's flows expect.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { handleSubmit } = form;
  const { fail, clear } = feedback;
  const submitWith = useCallback(
    (send: (data: Out) => Promise<void> | void) =>
      handleSubmit(
        async (data) => {
          clear();
          await send(data);
        },
        (errors) => {
          const { message, fields } = firstIssue(errors);
          fail(message, fields);
        },
      ),
    [handleSubmit, fail, clear],
  );
  return { form, submitWith };
}
