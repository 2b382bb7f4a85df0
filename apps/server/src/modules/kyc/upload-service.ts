import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  backRequiredMessage,
  errorCodes,
  idTypeOf,
  kycUploadFields,
  verificationMessages as m,
  type IdentityStatus,
  type KycUploadResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { insertSubmission, lockIdentityStatus, setIdentityStatus } from './queries.js';
import type { KycStorage, Staging } from './storage.js';
import { readKycForm, type KycForm } from './upload-form.js';

export interface UploadContext {
  db: Database;
  storage: KycStorage;
  now: () => Date;
}

const invalid = (message: string) => new AppError(400, message, errorCodes.validation);

/** Pending and verified users cannot start again (spec 3 §4); a rejected user is back at 'false'. */
function refuseClosed(status: IdentityStatus | undefined): void {
  if (status === 'pending') throw new AppError(409, m.alreadyPending, errorCodes.verificationPending);
  if (status === 'true') throw new AppError(409, m.alreadyVerifiedSubmit, errorCodes.alreadyVerified);
}

/** The checks of spec 3 §5 on a complete form: ID type, selfie and front, and the back where the type has one. */
async function checkedSubmission(form: KycForm, staging: Staging) {
  const parsed = kycUploadFields.safeParse(form.fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? m.idTypeInvalid);
  const idType = idTypeOf(parsed.data.document_type);
  if (!idType) throw invalid(m.idTypeInvalid);
  const { captured_selfie: selfie, front_captured_image: front, back_captured_image: back } = form.images;
  if (!selfie || !front) throw invalid(m.imagesMissing);
  if (idType.needsBack && !back) throw invalid(backRequiredMessage(idType.name));
  // A passport has no back: an image sent anyway is not kept.
  if (!idType.needsBack && back) await staging.remove(back.fileName);
  return { documentType: idType.apiValue, country: parsed.data.country ?? null };
}

/**
 * POST /upload-kyc/user={id}: the images go to staging while they are read and checked, then move
 * to the submission's directory in the transaction that records it and sets the status to
 * 'pending'. The status is checked there, under the user's row lock, so of two uploads at once one
 * wins. A refused upload leaves no file and no row behind.
 */
export async function submitKyc(ctx: UploadContext, userId: string, request: FastifyRequest): Promise<KycUploadResponse> {
  const staging = await ctx.storage.stage();
  const submissionId = randomUUID();
  let committed = false;
  try {
    const form = await readKycForm(request, staging);
    const { documentType, country } = await checkedSubmission(form, staging);
    const submittedAt = ctx.now();
    await ctx.db.tx(async (q) => {
      refuseClosed(await lockIdentityStatus(q, userId));
      const files = await staging.commit(userId, submissionId);
      committed = true;
      await insertSubmission(q, { id: submissionId, userId, documentType, country, files, submittedAt });
      await setIdentityStatus(q, userId, 'pending');
    });
    return { success: true, message: m.submitted, is_verified: 'pending', submitted_at: submittedAt.toISOString() };
  } catch (err) {
    if (committed) await ctx.storage.removeSubmission(userId, submissionId);
    throw err;
  } finally {
    await staging.discard();
  }
}
