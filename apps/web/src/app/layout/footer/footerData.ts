/** Footer columns (spec 1 §2): placeholders, except the few entries whose pages exist. */
export interface FooterLink {
  label: string;
  to?: string;
}

export interface FooterColumn {
  title: string;
  links: FooterLink[];
}

export const footerColumns: FooterColumn[] = [
  {
    title: 'About Us',
    links: [{ label: 'About' }, { label: 'Careers' }, { label: 'Announcements', to: '/help/category/announcements' }, { label: 'News' }, { label: 'Press' }, { label: 'Legal' }],
  },
  {
    title: 'Products',
    links: [
      { label: 'Convert', to: '/conversion' },
      { label: 'Spot', to: '/spot-trading' },
      { label: 'Futures', to: '/future-trading' },
      { label: 'Earn', to: '/earn' },
      { label: 'Launchpad' },
    ],
  },
  {
    title: 'Service',
    links: [{ label: 'Download', to: '/download' }, { label: 'Buy Crypto' }, { label: 'Institutional Services' }, { label: 'Referral', to: '/pages/morePages/Referral' }, { label: 'Listing Application' }],
  },
  {
    title: 'Support',
    links: [{ label: '24/7 Chat Support' }, { label: 'Support Center' }, { label: 'Fees' }, { label: 'Trading Rules' }, { label: 'Law Enforcement Requests' }],
  },
  {
    title: 'Learn',
    links: [{ label: 'Learn & Earn' }, { label: 'Browse Crypto Prices' }, { label: 'Bitcoin Price' }, { label: 'Ethereum Price' }, { label: 'Buy Bitcoin' }],
  },
];
