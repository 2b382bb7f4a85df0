import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../src/shared/query/queryClient';

// Pages load lazily; on a loaded 2-core machine a lazy chunk took over the default 1 s to arrive.
configure({ asyncUtilTimeout: 5_000 });

// Pages rendered whole ask for data their test does not serve (the coin list, the user's profile).
// happy-dom sent those requests to http://localhost:3000, where nothing listens, and printed each
// refusal; they now fail at once the same way, without a connection. A test that serves a request
// replaces fetch with its own.
globalThis.fetch = (input: RequestInfo | URL) => Promise.reject(new TypeError(`No server in the web tests: ${input instanceof Request ? input.url : String(input)}`));

// The app's query cache is one per page load; each test starts with an empty one, as a new page would.
afterEach(() => queryClient.clear());
