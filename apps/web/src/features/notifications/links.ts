import type { NotificationCode } from '@exchange/contract';

/** Where each notification takes the reader: the page that shows what it tells of. */
export const notificationLinks: Record<NotificationCode, string> = {
  deposit_credited: '/deposit',
  deposit_not_credited: '/deposit',
  withdrawal_status: '/withdraw',
  withdrawal_by_api_key: '/withdraw',
  order_filled: '/spot-trading',
  order_partially_filled: '/spot-trading',
  position_liquidated: '/future-trading',
  identity_approved: '/account/profile/verify',
  identity_rejected: '/account/profile/verify',
  new_device_login: '/account/profile/security',
  authenticator_enabled: '/account/profile/security',
  authenticator_disabled: '/account/profile/security',
  password_changed: '/account/profile/security',
  trading_frozen: '/assets',
  adjustment_booked: '/assets/history',
};
