import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useComingSoon } from '../../../shared/coming-soon/ComingSoonProvider';

/** Simple monochrome marks drawn inline: the icon set ships no brand logos. */
const icons: { name: string; path: ReactNode }[] = [
  { name: 'X', path: <path d="M4 4h4.5l4 5.6L17 4h3l-6 7.2L21 20h-4.5l-4.3-6L7 20H4l6.7-8z" /> },
  { name: 'Telegram', path: <path d="M21 4 3 11l5.5 2 2 6 3.2-4 4.8 3.5zM9 12.8l8-5.3-6.3 6.6-.4 3z" /> },
  {
    name: 'Discord',
    path: <path d="M7 6c2-1 3.5-1.2 5-1.2S15 5 17 6c1.8 2.6 2.6 5.6 2.5 9-1.3 1.2-3 2-4.6 2.3l-1-1.7c1-.3 1.8-.7 2.5-1.3-3.3 1.4-6.5 1.4-9.8 0 .7.6 1.5 1 2.5 1.3l-1 1.7C6.5 17 4.8 16.2 3.5 15c-.1-3.4.7-6.4 2.5-9zm2.5 5.2a1.3 1.4 0 1 0 0 2.8 1.3 1.4 0 0 0 0-2.8zm5 0a1.3 1.4 0 1 0 0 2.8 1.3 1.4 0 0 0 0-2.8z" />,
  },
  { name: 'YouTube', path: <path d="M21 8.2a3 3 0 0 0-2-2C17.3 5.8 12 5.8 12 5.8s-5.3 0-7 .4a3 3 0 0 0-2 2C2.6 9.9 2.6 12 2.6 12s0 2.1.4 3.8a3 3 0 0 0 2 2c1.7.4 7 .4 7 .4s5.3 0 7-.4a3 3 0 0 0 2-2c.4-1.7.4-3.8.4-3.8s0-2.1-.4-3.8zM10 15V9l5 3z" /> },
  { name: 'Reddit', path: <path d="M20 11.5a2 2 0 0 0-3.4-1.4A9.6 9.6 0 0 0 12.5 9l.8-3.7 2.6.6a1.4 1.4 0 1 0 .2-1L13 4.2l-1 4.8a9.7 9.7 0 0 0-4.6 1.1 2 2 0 1 0-2.2 3.3v.6c0 2.9 3.1 5.2 6.9 5.2s6.9-2.3 6.9-5.2v-.6a2 2 0 0 0 1-1.9zM8.7 13a1.2 1.2 0 1 1 2.4 0 1.2 1.2 0 0 1-2.4 0zm6.6 3.2c-.8.6-2 .9-3.3.9s-2.5-.3-3.3-.9a.4.4 0 0 1 .5-.6c.6.4 1.6.7 2.8.7s2.2-.3 2.8-.7a.4.4 0 0 1 .5.6zm-.3-2a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4z" /> },
];

export function CommunityIcons() {
  const { t } = useLingui();
  const openComingSoon = useComingSoon();
  return (
    <ul className="community-icons" aria-label={t`Community`}>
      {icons.map(({ name, path }) => (
        <li key={name}>
          <button type="button" className="community-icons__btn" aria-label={name} onClick={openComingSoon}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
              {path}
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
