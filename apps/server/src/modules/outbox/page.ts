import escapeHtml from 'escape-html';
import { OTP_LENGTH, type OutboxMail } from '@exchange/contract';

export const OUTBOX_PAGE_PATH = '/dev/outbox';

const codePattern = new RegExp(`\\b(\\d{${OTP_LENGTH}})\\b`);

/** Inline styles are allowed by the server's policy; the page has no script and loads nothing else. */
const style = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #0f1115; color: #e6e8eb; }
  main { max-width: 44rem; margin: 0 auto; padding: 2rem 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  .muted { color: #9aa3ad; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; align-items: end; margin: 1.5rem 0; }
  label { display: block; width: 100%; }
  input { flex: 1; min-width: 14rem; padding: .5rem; font: inherit; border-radius: 4px; border: 1px solid #39414b; background: #181b21; color: inherit; }
  button { padding: .5rem 1rem; font: inherit; border-radius: 4px; border: 0; background: #f0b90b; color: #111; cursor: pointer; }
  ol { list-style: none; padding: 0; }
  article { border: 1px solid #2a3038; border-radius: 6px; padding: 1rem; margin-bottom: 1rem; background: #15181d; }
  h2 { font-size: 1.1rem; margin: 0; }
  .code { font: 700 2rem/1.2 ui-monospace, monospace; letter-spacing: .2em; margin: .75rem 0; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; }
`;

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function mailItem(mail: OutboxMail): string {
  const code = codePattern.exec(mail.text)?.[1];
  return `<li><article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="muted"><time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(formatTime(mail.created_at))}</time></p>
  ${code ? `<p class="code" aria-label="Code">${code}</p>` : ''}
  <pre>${escapeHtml(mail.text)}</pre>
</article></li>`;
}

function mailList(to: string, mails: OutboxMail[]): string {
  if (mails.length === 0) return `<p>No mail to <strong>${escapeHtml(to)}</strong> yet.</p>`;
  return `<h2 class="muted">Mails to ${escapeHtml(to)}, newest first</h2>\n<ol>${mails.map(mailItem).join('\n')}</ol>`;
}

/** The development mail catcher: a plain GET form, then the mails of the address it names. */
export function renderOutboxPage(to: string | undefined, mails: OutboxMail[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Local outbox</h1>
<p class="muted">No SMTP server is configured, so the mail this exchange sends (sign-up and password reset codes)
is kept here. This page answers only on this machine.</p>
<form method="get" action="${OUTBOX_PAGE_PATH}">
<label for="to">Email address</label>
<input id="to" name="to" type="email" required autofocus value="${escapeHtml(to ?? '')}">
<button type="submit">Show mails</button>
</form>
${to ? mailList(to, mails) : ''}
</main>
</body>
</html>
`;
}
