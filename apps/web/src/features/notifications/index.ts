export { NotificationsTab } from './NotificationsTab';
export { useUnreadNotifications } from './useNotifications';
