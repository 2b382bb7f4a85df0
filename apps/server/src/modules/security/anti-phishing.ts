import type { Database, Queryable } from '../../db/database.js';
import type { Mail, Mailer } from '../../mail/mailer.js';

export async function setAntiPhishingPhrase(q: Queryable, userId: string, phrase: string): Promise<void> {
  await q.query('UPDATE users SET anti_phishing_phrase = $2 WHERE id = $1', [userId, phrase]);
}

async function phraseFor(db: Database, mail: Mail): Promise<string | null> {
  const res = mail.userId
    ? await db.query<{ phrase: string | null }>('SELECT anti_phishing_phrase AS phrase FROM users WHERE id = $1', [mail.userId])
    : await db.query<{ phrase: string | null }>('SELECT anti_phishing_phrase AS phrase FROM users WHERE email = $1', [mail.to]);
  return res.rows[0]?.phrase ?? null;
}

export function withPhrase(mail: Mail, phrase: string | null): Mail {
  if (!phrase) return mail;
  return { ...mail, text: `Your anti-phishing phrase: ${phrase}\n\n${mail.text}` };
}

/**
 * Every mail goes out through this one mailer, so every mail to a user who chose an anti-phishing
 * phrase opens with it, whichever module sends it: a mail that claims to be ours without the phrase
 * is not ours. The user is the mail's `userId`, else the owner of its address.
 */
export function antiPhishingMailer(inner: Mailer, db: Database): Mailer {
  return {
    kind: inner.kind,
    async send(mail) {
      await inner.send(withPhrase(mail, await phraseFor(db, mail)));
    },
    close: () => inner.close(),
  };
}
