// The header's entry chunk takes only the count; the bell's list loads with its panel (NotificationsTab).
export { useUnreadNotifications } from './useUnread';
