export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
