import { Link } from 'react-router';
import { LockKeyhole } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import './LoginPrompt.css';

interface LoginPromptProps {
  title: string;
  text: string;
}

/** What anonymous visitors see on wallet pages (spec 2 §6): a way to log in or sign up. */
export function LoginPrompt({ title, text }: LoginPromptProps) {
  return (
    <div className="card wallet-login">
      <LockKeyhole size={36} aria-hidden className="wallet-login__icon" />
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <div className="wallet-login__actions">
        <Link to="/login" className="btn btn-primary">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/signup" className="btn btn-ghost">
          <Trans>Sign up</Trans>
        </Link>
      </div>
    </div>
  );
}
