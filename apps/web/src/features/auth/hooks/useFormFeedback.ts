import { useCallback, useState } from 'react';
import { NO_FIELDS } from '../lib/validate';

/**
 * A form's message line (one error or one success notice) and the fields
 * drawn as invalid. Editing a field takes its red border away.
 */
export function useFormFeedback(initialSuccess: string | null = null) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(initialSuccess);
  const [invalid, setInvalid] = useState(NO_FIELDS);

  const fail = useCallback((message: string, fields: ReadonlySet<string> = NO_FIELDS) => {
    setError(message);
    setInvalid(fields);
    setSuccess(null);
  }, []);

  const notify = useCallback((message: string | null) => {
    setSuccess(message);
    setError(null);
  }, []);

  const clear = useCallback(() => {
    setError(null);
    setInvalid(NO_FIELDS);
  }, []);

  const edited = useCallback((field: string) => {
    setInvalid((fields) => {
      if (!fields.has(field)) return fields;
      const next = new Set(fields);
      next.delete(field);
      return next;
    });
  }, []);

  const isInvalid = (field: string) => invalid.has(field) || undefined;

  return { error, success, fail, notify, clear, edited, isInvalid };
}
