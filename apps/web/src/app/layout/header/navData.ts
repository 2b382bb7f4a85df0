import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight, ArrowDownToLine, ArrowUpFromLine, Bot, CandlestickChart, ChartLine, Coins, Copy, Gift,
  Landmark, LayoutDashboard, Megaphone, PiggyBank, Rocket, Shield, ShieldCheck, Sparkles, Trophy, User,
  Users, Wallet, Lock,
} from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A menu entry: a route when `to` is set, otherwise it opens the coming-soon modal. */
export interface NavItem {
  label: MessageDescriptor;
  hint?: MessageDescriptor;
  icon: LucideIcon;
  to?: string;
}

export interface NavGroup {
  /** Stable name of the group, whatever the language. */
  key: string;
  label: MessageDescriptor;
  items: NavItem[];
}

export const tradeMenu: NavGroup = {
  key: 'trade',
  label: msg`Trade`,
  items: [
    { label: msg`Convert`, hint: msg`No trading fees, no slippage`, icon: ArrowLeftRight, to: '/conversion' },
    { label: msg`Spot`, hint: msg`Buy and sell crypto with ease`, icon: CandlestickChart, to: '/spot-trading' },
    { label: msg`Future`, hint: msg`Perpetual contracts with leverage`, icon: ChartLine, to: '/future-trading' },
  ],
};

export const discoverMenu: NavGroup = {
  key: 'discover',
  label: msg`Discover`,
  items: [{ label: msg`Markets`, hint: msg`Live prices of every listed coin`, icon: Coins, to: '/market' }],
};

export const growMenu: NavGroup = {
  key: 'grow',
  label: msg`Grow`,
  items: [
    { label: msg`Earn`, hint: msg`Put idle assets to work`, icon: PiggyBank, to: '/earn' },
    { label: msg`Simple Earn`, hint: msg`Flexible and locked products`, icon: Sparkles, to: '/earn/simple-earn' },
  ],
};

export const moreProducts: NavGroup = {
  key: 'products',
  label: msg`Products`,
  items: [
    { label: msg`Launchpad`, hint: msg`Early access to new tokens`, icon: Rocket },
    { label: msg`Copy Trading`, hint: msg`Follow top traders`, icon: Copy },
    { label: msg`Trading Bots`, hint: msg`Automate your strategy`, icon: Bot },
    { label: msg`Crypto Loans`, hint: msg`Borrow against your assets`, icon: Landmark },
  ],
};

export const moreOthers: NavGroup = {
  key: 'others',
  label: msg`Others`,
  items: [
    { label: msg`Campaign Center`, icon: Trophy, to: '/pages/morePages/CampaignCenter' },
    { label: msg`My Rewards`, icon: Gift, to: '/pages/morePages/MyRewards' },
    { label: msg`Referral`, icon: Users, to: '/pages/morePages/Referral' },
    { label: msg`Proof of Reserves`, icon: ShieldCheck },
    { label: msg`Security of Funds`, icon: Shield },
    { label: msg`Listing Application`, icon: Megaphone },
  ],
};

export const mobileGroups: NavGroup[] = [
  tradeMenu,
  discoverMenu,
  growMenu,
  { key: 'more', label: msg`More`, items: [...moreProducts.items, ...moreOthers.items] },
];

export const assetsMenu: NavGroup = {
  key: 'assets',
  label: msg`Assets`,
  items: [
    { label: msg`My assets`, icon: Wallet, to: '/assets' },
    { label: msg`Deposit`, icon: ArrowDownToLine, to: '/deposit' },
    { label: msg`Withdraw`, icon: ArrowUpFromLine, to: '/withdraw' },
    { label: msg`Transfer`, icon: ArrowLeftRight, to: '/transfer' },
  ],
};

export const accountLinks: NavItem[] = [
  { label: msg`Overview`, icon: LayoutDashboard, to: '/account/overview' },
  { label: msg`Profile`, icon: User, to: '/account/profile' },
  { label: msg`Security`, icon: Lock, to: '/account/profile/security' },
];

/** The operator console's entry, shown to operators only (their roles are asked for when a menu opens). */
export const consoleLink: NavItem = { label: msg`Console`, icon: ShieldCheck, to: '/admin' };
