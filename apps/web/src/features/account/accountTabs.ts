import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface AccountTab {
  label: MessageDescriptor;
  to: string;
  /** Shown beside the label (spec 3 §2: Security carries "New"). */
  badge?: MessageDescriptor;
}

/** Spec 3 §2's account sub-navigation, in its order. */
export const accountTabs: readonly AccountTab[] = [
  { label: msg`Overview`, to: '/account/overview' },
  { label: msg`Profile`, to: '/account/profile' },
  { label: msg`Security`, to: '/account/profile/security', badge: msg`New` },
  { label: msg`Verification`, to: '/account/profile/verify' },
];

/**
 * The tab a path belongs to: the security pages to Security, the verification page to
 * Verification, every other page under /account/profile (nickname, the placeholders) and the
 * profile's API Management (/account/api) to Profile.
 */
export function activeAccountTab(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/account/overview')) return '/account/overview';
  if (under('/account/profile/security')) return '/account/profile/security';
  if (under('/account/profile/verify')) return '/account/profile/verify';
  if (under('/account/profile') || under('/account/api')) return '/account/profile';
  return null;
}
