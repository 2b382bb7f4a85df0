import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { SECURITY_REDIRECT_DELAY_MS } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { SECURITY_PATH } from './paths';

/** The success of a change, then back to the security centre after 3 s (spec 3 §4). */
export function ChangeDone({ message }: { message: string }) {
  const contractText = useContractText();
  const navigate = useNavigate();
  useEffect(() => {
    const id = window.setTimeout(() => navigate(SECURITY_PATH, { replace: true }), SECURITY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [navigate]);
  return (
    <div className="auth-done" role="status">
      <CircleCheck size={48} className="auth-done-icon" aria-hidden />
      <p className="form-success">{contractText(message)}</p>
      <p className="muted">
        <Trans>Taking you back to the security center...</Trans>
      </p>
    </div>
  );
}
