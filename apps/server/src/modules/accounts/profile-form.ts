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

function isFileTooLarge(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Reads edit_profile's body: JSON {name, phone_number} or multipart with an optional user_profile file. */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) return { fields: parseFields(request.body ?? {}), image: null };
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
    try {
      const bytes = await part.toBuffer();
      // Browsers send an empty part when no file was chosen.
      image = bytes.length > 0 ? bytes : null;
    } catch (err) {
      if (isFileTooLarge(err)) throw new AppError(413, serverMessages.imageTooLarge, apiErrorCodes.imageTooLarge);
      throw err;
    }
  }
  return { fields: parseFields(raw), image };
}
