import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of server answers. A failed load is shown with its retry button rather than
 * retried behind the user's back, and a tab coming back into view refreshes nothing by itself:
 * pages that follow live data poll (paused while hidden) or listen to the private socket.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
  },
});
