import type { FastifyRequest } from 'fastify';
import {
  errorCodes,
  KYC_FILE_FIELDS,
  KYC_IMAGE_MAX_BYTES,
  verificationMessages as m,
  type KycFileField,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import { cleanDocumentImage } from './document-image.js';
import type { Staging } from './storage.js';

export interface StagedImage {
  fileName: string;
  type: 'image/png' | 'image/jpeg';
}

export interface KycForm {
  fields: Record<string, string>;
  images: Partial<Record<KycFileField, StagedImage>>;
}

const TEXT_FIELDS = new Set(['document_type', 'country']);
const FILE_FIELDS = new Set<string>(KYC_FILE_FIELDS);

const notImage: Record<KycFileField, string> = {
  captured_selfie: m.selfieNotImage,
  front_captured_image: m.frontNotImage,
  back_captured_image: m.backNotImage,
};
const tooLarge: Record<KycFileField, string> = {
  captured_selfie: m.selfieTooLarge,
  front_captured_image: m.frontTooLarge,
  back_captured_image: m.backTooLarge,
};
const tooManyPixels: Record<KycFileField, string> = {
  captured_selfie: m.selfieTooManyPixels,
  front_captured_image: m.frontTooManyPixels,
  back_captured_image: m.backTooManyPixels,
};
const fileStem: Record<KycFileField, string> = {
  captured_selfie: 'selfie',
  front_captured_image: 'front',
  back_captured_image: 'back',
};

const invalid = (message: string) => new AppError(400, message, errorCodes.validation);

function isKycFile(name: string): name is KycFileField {
  return FILE_FIELDS.has(name);
}

/** Everything the parser raises comes from the client's bytes: a 4xx in the form's words. */
function parserError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; part?: { fieldname?: unknown } };
  const field = e.part?.fieldname;
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' && typeof field === 'string' && isKycFile(field)) return new AppError(413, tooLarge[field], errorCodes.validation);
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_FIELDS_LIMIT' || e.code === 'FST_PARTS_LIMIT') return invalid(m.formUnexpectedPart);
  return invalid(m.formMalformed);
}

/**
 * Reads the upload's multipart body. Each image is checked by its bytes (PNG or JPEG, never the
 * name or the declared type) and its size, decoded whole, and only its clean copy (document-image.ts)
 * is written to `staging`; a repeated or unknown part refuses the whole form. The caller discards
 * the staging when this throws.
 */
export async function readKycForm(request: FastifyRequest, staging: Staging): Promise<KycForm> {
  if (!request.isMultipart()) throw invalid(m.notMultipart);
  const form: KycForm = { fields: {}, images: {} };
  const seen = new Set<string>();
  try {
    const parts = request.parts({
      limits: { fileSize: KYC_IMAGE_MAX_BYTES, files: KYC_FILE_FIELDS.length, fields: TEXT_FIELDS.size, fieldSize: 256, parts: 8 },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      const known = part.type === 'field' ? TEXT_FIELDS.has(name) : isKycFile(name);
      if (!known || seen.has(name)) {
        if (part.type === 'file') part.file.resume();
        throw invalid(m.formUnexpectedPart);
      }
      seen.add(name);
      if (part.type === 'field') {
        if (typeof part.value === 'string' && part.value !== '') form.fields[name] = part.value;
        continue;
      }
      if (!isKycFile(name)) continue;
      const bytes = await part.toBuffer();
      // A browser sends an empty part for a file input left empty.
      if (bytes.length === 0) continue;
      const image = await cleanDocumentImage(bytes);
      if (!image.ok) throw invalid(image.reason === 'too-many-pixels' ? tooManyPixels[name] : notImage[name]);
      const fileName = await staging.write(`${fileStem[name]}.${image.type === 'image/png' ? 'png' : 'jpg'}`, image.bytes);
      form.images[name] = { fileName, type: image.type };
    }
  } catch (err) {
    throw parserError(err);
  }
  return form;
}
