import { isLoopbackAddress } from './loopback.js';
import { OUTBOX_PAGE_PATH } from './page.js';

export interface StartupNote {
  level: 'info' | 'warn';
  message: string;
}

const wildcardHosts = new Set(['0.0.0.0', '::']);

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** What the start-up log says about the outbox: where its page is, and whether HOST exposes the server. */
export function outboxStartupNotes(host: string, port: number): StartupNote[] {
  const path = `:${port}${OUTBOX_PAGE_PATH}`;
  if (wildcardHosts.has(host)) {
    return [
      { level: 'info', message: `mail goes to the local outbox: http://127.0.0.1${path}` },
      {
        level: 'warn',
        message: `HOST=${host} exposes the server, but SMTP_URL is unset: mail stays in the local outbox, which answers only this machine`,
      },
    ];
  }
  if (host === 'localhost' || isLoopbackAddress(host)) {
    return [{ level: 'info', message: `mail goes to the local outbox: http://${urlHost(host)}${path}` }];
  }
  return [
    {
      level: 'warn',
      message: `SMTP_URL is unset, so mail goes to the local outbox, whose page ${OUTBOX_PAGE_PATH} answers only loopback clients, and HOST=${host} does not listen on loopback: configure SMTP_URL`,
    },
  ];
}
