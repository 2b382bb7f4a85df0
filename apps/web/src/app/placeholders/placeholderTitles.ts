import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { placeholderPaths } from './placeholderPaths';

/** The placeholder pages' titles, by path. */
export const placeholderTitles: Record<(typeof placeholderPaths)[number], MessageDescriptor> & Record<string, MessageDescriptor | undefined> = {
  '/account/profile/preferences': msg`Preferences`,
  '/account/profile/sub-accounts': msg`Sub-accounts`,
  '/account/profile/third-party': msg`Third-party Authorization`,
};
