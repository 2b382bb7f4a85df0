import { userInformationResponse, type UserInformationResponse } from '@exchange/contract';
import { apiRequest } from './http';

/** GET /api/user_account/getUserInformation/?user_id= (spec 1 §7, spec 3 §7): profile and verification state. */
export function fetchUserInformation(userId: string, signal?: AbortSignal): Promise<UserInformationResponse> {
  return apiRequest(`/api/user_account/getUserInformation/?user_id=${encodeURIComponent(userId)}`, {
    schema: userInformationResponse,
    auth: true,
    signal,
  });
}
