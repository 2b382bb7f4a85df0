import { z } from 'zod';

/**
 * Building blocks of the request schemas, so that every refusal names the field in plain words and
 * none shows zod's default English or a regular expression.
 */

/** C0 and C1 control characters and DEL. PostgreSQL's text type refuses NUL; none belongs in a form field. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** The message of a whole body that is no JSON object (absent, an array, a string...). */
export const bodyNotObjectMessage = 'The request body must be a JSON object';

export interface TextOptions {
  /** Message when the field is absent; default "<label> is required". */
  required?: string;
  /** Cut surrounding whitespace before the other checks (not for passwords). */
  trim?: boolean;
}

function textSchema(label: string, options: TextOptions, repeated: string) {
  const base = z.string({
    error: (issue) => {
      if (issue.input === undefined || issue.input === null) return options.required ?? `${label} is required`;
      return Array.isArray(issue.input) ? repeated : `${label} must be text`;
    },
  });
  return (options.trim ? base.trim() : base).refine((value) => !CONTROL_CHARACTERS.test(value), {
    message: `${label} must not contain control characters`,
    abort: true,
  });
}

/** A text field of a JSON body or a form: a string without control characters. */
export function text(label: string, options: TextOptions = {}) {
  return textSchema(label, options, `${label} must be text`);
}

/** A query or path parameter: one string without control characters; a repeated parameter is refused. */
export function queryText(label: string, options: TextOptions = {}) {
  return textSchema(label, options, `${label} must be given once`);
}

/**
 * A whole number in a query or path parameter, or a JSON number: digits only (no sign, exponent or
 * hex), within the bounds. `invalid` is the message of a present but wrong value.
 */
export function wholeNumber(label: string, bounds: { min: number; max: number }, messages: { required?: string; invalid: string }) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : value),
    z
      .number({
        error: (issue) => {
          if (issue.input === undefined || issue.input === null) return messages.required ?? `${label} is required`;
          return Array.isArray(issue.input) ? `${label} must be given once` : messages.invalid;
        },
      })
      .int(messages.invalid)
      .min(bounds.min, messages.invalid)
      .max(bounds.max, messages.invalid),
  );
}

/** One of a few words, named in the message when anything else arrives. */
export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  const listed = values.length === 2 ? `${values[0]} or ${values[1]}` : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return z.enum(values, {
    error: (issue) => {
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return Array.isArray(issue.input) ? `${label} must be given once` : `${label} must be ${listed}`;
    },
  });
}

/** The object of a JSON body: anything else (no body, an array, a string) is refused in plain words. */
export function jsonBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: bodyNotObjectMessage });
}
