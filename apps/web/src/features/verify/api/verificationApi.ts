import { kycUploadResponse, verificationStatusResponse, type KycUploadResponse, type VerificationStatusResponse } from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

/** POST /api/user_account/upload-kyc/user={id} (spec 3 §7): the wizard's multipart form. */
export function uploadVerification(userId: string, form: FormData): Promise<KycUploadResponse> {
  return apiRequest(`/api/user_account/upload-kyc/user=${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: form,
    schema: kycUploadResponse,
    auth: true,
  });
}

/** GET /api/user_account/verification/user={id}: the status and the latest review, with a rejection's reason. */
export function fetchVerificationStatus(userId: string, signal?: AbortSignal): Promise<VerificationStatusResponse> {
  return apiRequest(`/api/user_account/verification/user=${encodeURIComponent(userId)}`, {
    schema: verificationStatusResponse,
    auth: true,
    signal,
  });
}
