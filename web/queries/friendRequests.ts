import { useNotificationAction } from './notifications.ts';

// A friend request arrives as a notification, so answering it refreshes the bell's list.
export const useAcceptFriendRequest = () =>
  useNotificationAction((id) => `/api/friend-requests/${id}/accept`);
export const useDeclineFriendRequest = () =>
  useNotificationAction((id) => `/api/friend-requests/${id}/decline`);
