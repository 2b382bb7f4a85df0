import { saveProfile } from '../../../shared/session/session';
import { fetchUserInformation } from '../../../shared/api/account';

/**
 * Stores the profile fields the header and landing read, and returns the
 * verification state. A failed lookup is not fatal: the name falls back to
 * "User" wherever it is shown, and the visitor counts as unverified.
 */
export async function loadUserInfo(userId: string): Promise<string | null> {
  try {
    const info = await fetchUserInformation(userId);
    saveProfile({
      fullName: info.user.name,
      uid: info.user.uid,
      isVerified: info.user_detail.is_verified,
      phone: info.user_detail.phone_number,
      profileImage: info.user_detail.user_profile,
    });
    return info.user_detail.is_verified;
  } catch {
    return null;
  }
}
