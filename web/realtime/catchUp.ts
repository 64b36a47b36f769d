import type { Query } from '@tanstack/react-query';

/**
 * After a reconnect RealtimeBridge refetches every query, except those whose `meta` carries this
 * flag: they catch up by themselves (useRealtimeConnected), as a refetch would drop what they hold
 * locally, such as messages still being sent.
 */
export const CATCHES_UP_ITSELF = 'catchesUpItself';

export const refetchAfterReconnect = (query: Query) => query.meta?.[CATCHES_UP_ITSELF] !== true;
