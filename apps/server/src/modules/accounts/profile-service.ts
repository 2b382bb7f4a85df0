import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  apiErrorCodes,
  PROFILE_IMAGE_MAX_BYTES,
  serverMessages,
  type EditProfileFields,
  type EditProfileResponse,
  type GetWalletResponse,
  type UserInformationResponse,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { AccountContext } from './context.js';
import { profileImageUrl, sniffImageType } from './image.js';
import { deleteImage, findUserById, findWalletByUserId, insertImage, updateProfile, type UserRow } from './queries.js';

async function requireUser(ctx: AccountContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, serverMessages.notFound, apiErrorCodes.notFound);
  return user;
}

export async function getUserInformation(ctx: AccountContext, userId: string): Promise<UserInformationResponse> {
  const user = await requireUser(ctx, userId);
  const premium = await ctx.premiumTier(user.id);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      uid: user.uid,
      referral_code: user.referral_code,
      role: user.role,
      email_verified: user.email_verified,
      created_at: new Date(user.created_at).toISOString(),
    },
    user_detail: {
      phone_number: user.phone_number,
      user_country: user.country,
      user_profile: profileImageUrl(user.profile_image_id),
      tier: premium,
      is_verified: user.identity_status,
    },
  };
}

export async function getWallet(ctx: AccountContext, userId: string): Promise<GetWalletResponse> {
  const user = await requireUser(ctx, userId);
  const wallet = await findWalletByUserId(ctx.db, userId);
  if (!wallet) throw new AppError(404, serverMessages.notFound, apiErrorCodes.notFound);
  return {
    success: true,
    wallet: {
      wallet_id: wallet.id,
      user_id: user.id,
      uid: user.uid,
      created_at: new Date(wallet.created_at).toISOString(),
    },
  };
}

/** Rejects an unacceptable image before anything is written. */
export function checkImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    throw new AppError(413, serverMessages.imageTooLarge, apiErrorCodes.imageTooLarge);
  }
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(400, serverMessages.imageType, apiErrorCodes.imageType);
  return type;
}

export async function editProfile(
  ctx: AccountContext,
  userId: string,
  fields: EditProfileFields,
  image: Uint8Array | null,
): Promise<EditProfileResponse> {
  const contentType = image ? checkImage(image) : null;
  const user = await requireUser(ctx, userId);
  const phone = fields.phone_number ?? user.phone_number;
  const imageId = await ctx.db.tx(async (q) => {
    let id = user.profile_image_id;
    if (image && contentType) {
      id = randomUUID();
      await insertImage(q, { id, userId, contentType, data: image, createdAt: ctx.now() });
    }
    await updateProfile(q, userId, fields.name, phone, id);
    if (id !== user.profile_image_id && user.profile_image_id) await deleteImage(q, user.profile_image_id);
    return id;
  });
  return {
    success: true,
    message: accountMessages.profileUpdated,
    user: { name: fields.name, phone_number: phone, profile_image: profileImageUrl(imageId) },
  };
}
