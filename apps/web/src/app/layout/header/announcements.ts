import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
/** Sample announcements of the notifications hover (spec 1 §2): id, title, time, path. */
export interface Announcement {
  id: number;
  title: MessageDescriptor;
  time: string;
  path: string;
}

export const announcements: Announcement[] = [
  { id: 1, title: msg`Nexa Will List Sui (SUI) with Seed Tag Applied`, time: '2025-05-28 10:00', path: '/help/nexa-will-list-sui' },
  { id: 2, title: msg`Margin Trading Now Enabled for PEPE/USDT and WIF/USDT`, time: '2025-05-26 08:00', path: '/help/margin-trading-pepe-wif' },
  { id: 3, title: msg`Nexa Will Delist ANT, MULTI and VAI on 2025-06-10`, time: '2025-05-23 12:30', path: '/help/delist-ant-multi-vai' },
  { id: 4, title: msg`Simple Earn Adds Flexible Products for TON and ARB`, time: '2025-05-20 06:00', path: '/help/simple-earn-ton-arb' },
  { id: 5, title: msg`Nexa Will List Ethena (ENA) in the Innovation Zone`, time: '2025-05-16 09:00', path: '/help/nexa-will-list-ethena' },
];
