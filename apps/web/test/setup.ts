import { configure } from '@testing-library/react';

// Pages load lazily; on a loaded 2-core machine a lazy chunk took over the default 1 s to arrive.
configure({ asyncUtilTimeout: 5_000 });
