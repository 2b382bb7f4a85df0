import {
  editProfileResponse,
  userInformationResponse,
  type EditProfileFields,
  type EditProfileResponse,
  type UserInformationResponse,
} from '@exchange/contract';
import { apiRequest } from './http';

const BASE = '/api/user_account';

/** GET /api/user_account/getUserInformation/?user_id= (spec 1 §7, spec 3 §7): profile and verification state. */
export function fetchUserInformation(userId: string, signal?: AbortSignal): Promise<UserInformationResponse> {
  return apiRequest(`${BASE}/getUserInformation/?user_id=${encodeURIComponent(userId)}`, {
    schema: userInformationResponse,
    auth: true,
    signal,
  });
}

/**
 * POST /edit_profile/user={id} (spec 1 §7): multipart only when a picture goes along, as the spec's
 * call does. Without `phone_number` the stored number stays (the change-nickname screen).
 */
export function editProfile(userId: string, fields: EditProfileFields, image: File | null = null): Promise<EditProfileResponse> {
  let body: Record<string, unknown> | FormData = { ...fields };
  if (image) {
    body = new FormData();
    body.append('name', fields.name);
    if (fields.phone_number !== undefined) body.append('phone_number', fields.phone_number);
    body.append('user_profile', image);
  }
  return apiRequest(`${BASE}/edit_profile/user=${encodeURIComponent(userId)}`, {
    method: 'POST',
    body,
    schema: editProfileResponse,
    auth: true,
  });
}
