import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Footer columns (spec 1 §2): placeholders, except the few entries whose pages exist. */
export interface FooterLink {
  label: MessageDescriptor;
  to?: string;
}

export interface FooterColumn {
  /** Stable name of the column, whatever the language. */
  key: string;
  title: MessageDescriptor;
  links: FooterLink[];
}

export const footerColumns: FooterColumn[] = [
  {
    key: 'about',
    title: msg`About Us`,
    links: [{ label: msg`About` }, { label: msg`Careers` }, { label: msg`Announcements`, to: '/help/category/announcements' }, { label: msg`News` }, { label: msg`Press` }, { label: msg`Legal` }],
  },
  {
    key: 'products',
    title: msg`Products`,
    links: [
      { label: msg`Convert`, to: '/conversion' },
      { label: msg`Spot`, to: '/spot-trading' },
      { label: msg`Futures`, to: '/future-trading' },
      { label: msg`Earn`, to: '/earn' },
      { label: msg`Launchpad` },
    ],
  },
  {
    key: 'service',
    title: msg`Service`,
    links: [{ label: msg`Download`, to: '/download' }, { label: msg`Buy Crypto` }, { label: msg`Institutional Services` }, { label: msg`Referral`, to: '/pages/morePages/Referral' }, { label: msg`Listing Application` }],
  },
  {
    key: 'support',
    title: msg`Support`,
    links: [{ label: msg`24/7 Chat Support` }, { label: msg`Support Center`, to: '/help/category/announcements' }, { label: msg`Fees` }, { label: msg`Proof of Reserves`, to: '/proof-of-reserves' }, { label: msg`Trading Rules` }, { label: msg`Law Enforcement Requests` }],
  },
  {
    key: 'learn',
    title: msg`Learn`,
    links: [{ label: msg`Learn & Earn` }, { label: msg`Browse Crypto Prices` }, { label: msg`Bitcoin Price` }, { label: msg`Ethereum Price` }, { label: msg`Buy Bitcoin` }],
  },
];
