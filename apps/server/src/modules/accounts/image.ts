const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** The type is read from the bytes, never from the file name or the client's content type. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

export const PROFILE_IMAGE_PATH = '/api/user_account/profile-image';

export function profileImageUrl(imageId: string | null): string | null {
  return imageId ? `${PROFILE_IMAGE_PATH}/${imageId}` : null;
}
