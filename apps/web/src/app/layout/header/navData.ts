import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight, ArrowDownToLine, ArrowUpFromLine, Bot, CandlestickChart, ChartLine, Coins, Copy, Gift,
  Landmark, LayoutDashboard, Megaphone, PiggyBank, Rocket, Shield, ShieldCheck, Sparkles, Trophy, User,
  Users, Wallet, Lock,
} from 'lucide-react';

/** A menu entry: a route when `to` is set, otherwise it opens the coming-soon modal. */
export interface NavItem {
  label: string;
  hint?: string;
  icon: LucideIcon;
  to?: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const tradeMenu: NavGroup = {
  label: 'Trade',
  items: [
    { label: 'Convert', hint: 'No trading fees, no slippage', icon: ArrowLeftRight, to: '/conversion' },
    { label: 'Spot', hint: 'Buy and sell crypto with ease', icon: CandlestickChart, to: '/spot-trading' },
    { label: 'Future', hint: 'Perpetual contracts with leverage', icon: ChartLine, to: '/future-trading' },
  ],
};

export const discoverMenu: NavGroup = {
  label: 'Discover',
  items: [{ label: 'Markets', hint: 'Live prices of every listed coin', icon: Coins, to: '/market' }],
};

export const growMenu: NavGroup = {
  label: 'Grow',
  items: [
    { label: 'Earn', hint: 'Put idle assets to work', icon: PiggyBank, to: '/earn' },
    { label: 'Simple Earn', hint: 'Flexible and locked products', icon: Sparkles, to: '/earn/simple-earn' },
  ],
};

export const moreProducts: NavGroup = {
  label: 'Products',
  items: [
    { label: 'Launchpad', hint: 'Early access to new tokens', icon: Rocket },
    { label: 'Copy Trading', hint: 'Follow top traders', icon: Copy },
    { label: 'Trading Bots', hint: 'Automate your strategy', icon: Bot },
    { label: 'Crypto Loans', hint: 'Borrow against your assets', icon: Landmark },
  ],
};

export const moreOthers: NavGroup = {
  label: 'Others',
  items: [
    { label: 'Campaign Center', icon: Trophy, to: '/pages/morePages/CampaignCenter' },
    { label: 'My Rewards', icon: Gift, to: '/pages/morePages/MyRewards' },
    { label: 'Referral', icon: Users, to: '/pages/morePages/Referral' },
    { label: 'Proof of Reserves', icon: ShieldCheck },
    { label: 'Security of Funds', icon: Shield },
    { label: 'Listing Application', icon: Megaphone },
  ],
};

export const mobileGroups: NavGroup[] = [
  tradeMenu,
  discoverMenu,
  growMenu,
  { label: 'More', items: [...moreProducts.items, ...moreOthers.items] },
];

export const assetsMenu: NavGroup = {
  label: 'Assets',
  items: [
    { label: 'My assets', icon: Wallet, to: '/assets' },
    { label: 'Deposit', icon: ArrowDownToLine, to: '/deposit' },
    { label: 'Withdraw', icon: ArrowUpFromLine, to: '/withdraw' },
    { label: 'Transfer', icon: ArrowLeftRight, to: '/transfer' },
  ],
};

export const accountLinks: NavItem[] = [
  { label: 'Overview', icon: LayoutDashboard, to: '/account/overview' },
  { label: 'Profile', icon: User, to: '/account/profile' },
  { label: 'Security', icon: Lock, to: '/account/profile/security' },
];
