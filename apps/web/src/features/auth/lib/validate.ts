import type { ZodType } from 'zod';

export type Validation<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fields: ReadonlySet<string> };

/**
 * Runs a contract schema over form values. The forms show one message at a
 * time (the spec words its messages per step, not per field), so only the
 * first issue's text is kept, plus the fields to mark invalid.
 */
export function validate<T>(schema: ZodType<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
  return { ok: false, message: result.error.issues[0]?.message ?? '', fields };
}

export const NO_FIELDS: ReadonlySet<string> = new Set();
