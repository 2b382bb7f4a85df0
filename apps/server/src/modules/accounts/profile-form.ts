import type { FastifyRequest } from 'fastify';
import {
  apiErrorCodes,
  editProfileFields,
  errorCodes,
  serverMessages,
  type EditProfileFields,
} from '@exchange/contract';
import { AppError } from '../../errors.js';

export interface ProfileForm {
  fields: EditProfileFields;
  image: Uint8Array | null;
}

function parseFields(raw: unknown): EditProfileFields {
  const parsed = editProfileFields.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(400, parsed.error.issues[0]?.message ?? 'Invalid request', errorCodes.validation);
  }
  return parsed.data;
}

/**
 * What a failure while reading the multipart body tells the client. Everything raised there comes
 * from the client's bytes (the parser's limits, a missing boundary, a body cut short), so none is a 500.
 */
export function multipartError(err: unknown): AppError {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, serverMessages.imageTooLarge, apiErrorCodes.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(400, serverMessages.profileFormOneFile, errorCodes.validation);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, serverMessages.profileFormTooManyFields, errorCodes.validation);
    default:
      return new AppError(400, serverMessages.profileFormMalformed, errorCodes.validation);
  }
}

async function readMultipart(request: FastifyRequest): Promise<{ raw: Record<string, string>; image: Uint8Array | null }> {
  const raw: Record<string, string> = {};
  let image: Uint8Array | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'user_profile') {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer();
    // Browsers send an empty part when no file was chosen.
    image = bytes.length > 0 ? bytes : null;
  }
  return { raw, image };
}

/** Reads edit_profile's body: JSON {name, phone_number} or multipart with an optional user_profile file. */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) return { fields: parseFields(request.body ?? {}), image: null };
  let form: Awaited<ReturnType<typeof readMultipart>>;
  try {
    form = await readMultipart(request);
  } catch (err) {
    throw multipartError(err);
  }
  return { fields: parseFields(form.raw), image: form.image };
}
