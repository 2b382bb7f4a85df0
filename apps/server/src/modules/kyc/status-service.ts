import { apiErrorCodes, serverMessages, type VerificationStatusResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { identityStatusOf, latestSubmission } from './queries.js';

/** The user's identity status and their latest submission's review (with a rejection's reason). */
export async function verificationStatus(db: Database, userId: string): Promise<VerificationStatusResponse> {
  const status = await identityStatusOf(db, userId);
  if (!status) throw new AppError(404, serverMessages.notFound, apiErrorCodes.notFound);
  const latest = await latestSubmission(db, userId);
  return {
    is_verified: status,
    submission: latest
      ? {
          document_type: latest.document_type,
          country: latest.country,
          status: latest.status,
          submitted_at: new Date(latest.submitted_at).toISOString(),
          reviewed_at: latest.reviewed_at ? new Date(latest.reviewed_at).toISOString() : null,
          rejection_reason: latest.rejection_reason,
        }
      : null,
  };
}
