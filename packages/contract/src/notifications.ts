import { z } from 'zod';
import { jsonBody, queryText, text, wholeNumber } from './fields.js';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_WALLETS } from './operator-adjustments.js';
import { OPERATOR_REASON_MAX } from './operators.js';
import { uidField } from './wallet.js';
import { withdrawalStatus } from './withdrawals.js';

/**
 * A user's own notifications (issue 40 #4): what happened to their money and account. The server
 * keeps a code with parameters; the web words it in the reader's language. The header's
 * announcements (GET /api/v1/notifications, spec 1 §2) are a separate list.
 */

/** How many a user keeps: a new one past it drops the oldest. */
export const USER_NOTIFICATIONS_KEPT = 100;
/** The most one page of the list carries. */
export const USER_NOTIFICATIONS_PAGE_MAX = 50;
export const USER_NOTIFICATIONS_PAGE_DEFAULT = 20;

const short = z.string().max(80);

/** Each kind with its parameters: decimals as strings, symbols and names as the server has them. */
export const notificationBody = z.discriminatedUnion('code', [
  z.object({ code: z.literal('deposit_credited'), params: z.object({ symbol: short, amount: short, network: short }) }),
  z.object({ code: z.literal('deposit_not_credited'), params: z.object({ symbol: short, amount: short, network: short }) }),
  z.object({ code: z.literal('withdrawal_status'), params: z.object({ symbol: short, amount: short, status: withdrawalStatus }) }),
  /** A withdrawal an API key asked for (it has no mailed code to enter), naming the key's label. */
  z.object({ code: z.literal('withdrawal_by_api_key'), params: z.object({ symbol: short, amount: short, label: short }) }),
  z.object({
    code: z.literal('order_filled'),
    params: z.object({ symbol: short, side: z.enum(['buy', 'sell']), amount: short, price: short }),
  }),
  z.object({
    code: z.literal('order_partially_filled'),
    params: z.object({ symbol: short, side: z.enum(['buy', 'sell']), filled: short, amount: short }),
  }),
  z.object({ code: z.literal('position_liquidated'), params: z.object({ instId: short, side: z.enum(['long', 'short']), price: short }) }),
  z.object({ code: z.literal('identity_approved'), params: z.object({}) }),
  z.object({ code: z.literal('identity_rejected'), params: z.object({}) }),
  z.object({ code: z.literal('new_device_login'), params: z.object({ device: short, address: short }) }),
  z.object({ code: z.literal('authenticator_enabled'), params: z.object({}) }),
  z.object({ code: z.literal('authenticator_disabled'), params: z.object({}) }),
  z.object({ code: z.literal('password_changed'), params: z.object({}) }),
  /** An operator froze the account's trading (issue 43): its open orders, this many, were cancelled. */
  z.object({ code: z.literal('trading_frozen'), params: z.object({ orders: short }) }),
  /** An operators' adjustment booked on the user's wallet (issue 43), with the reason they gave. */
  z.object({
    code: z.literal('adjustment_booked'),
    params: z.object({ asset: short, wallet: z.enum(ADJUSTMENT_WALLETS), direction: z.enum(ADJUSTMENT_DIRECTIONS), amount: short, reason: z.string().max(OPERATOR_REASON_MAX) }),
  }),
]);
export type NotificationBody = z.infer<typeof notificationBody>;
export type NotificationCode = NotificationBody['code'];

/** One notification as the list and the private websocket's `notifications` channel carry it. */
export const userNotification = z.intersection(
  z.object({
    id: z.string(),
    /** ISO 8601, UTC. */
    created_at: z.string(),
    read: z.boolean(),
  }),
  notificationBody,
);
export type UserNotification = z.infer<typeof userNotification>;

/** GET /api/v1/user-notifications: newest first; `before` is the last page's `next_before`. */
export const userNotificationsQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  before: queryText('before')
    .refine((v) => /^\d{1,18}$/.test(v), 'before must be a notification id')
    .optional(),
  limit: wholeNumber('limit', { min: 1, max: USER_NOTIFICATIONS_PAGE_MAX }, { invalid: `limit must be a whole number from 1 to ${USER_NOTIFICATIONS_PAGE_MAX}` }).default(
    USER_NOTIFICATIONS_PAGE_DEFAULT,
  ),
});
export const userNotificationsResponse = z.object({
  items: z.array(userNotification),
  unread: z.number().int(),
  /** The id to pass as `before` for the next page; null on the last. */
  next_before: z.string().nullable(),
});
export type UserNotificationsResponse = z.infer<typeof userNotificationsResponse>;

/** GET /api/v1/user-notifications/unread: the bell's count. */
export const userNotificationsUnreadQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });
export const userNotificationsUnreadResponse = z.object({ unread: z.number().int() });
export type UserNotificationsUnreadResponse = z.infer<typeof userNotificationsUnreadResponse>;

/** POST /api/v1/user-notifications/{id}/read and POST /api/v1/user-notifications/read-all. */
export const userNotificationParams = z.object({
  id: text('id', { trim: true }).refine((v) => /^\d{1,18}$/.test(v), 'id must be a notification id'),
});
export const userNotificationsReadRequest = jsonBody({ apikey: text('apikey').optional(), uid: uidField });
export const userNotificationsReadResponse = userNotificationsUnreadResponse;

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;
