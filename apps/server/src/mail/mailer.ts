export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The user the mail is for, when its address may no longer be theirs (the old address of an email change). */
  userId?: string;
}

export interface Mailer {
  kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
