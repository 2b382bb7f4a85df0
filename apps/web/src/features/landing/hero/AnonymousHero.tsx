import { Link, useNavigate } from 'react-router';
import { Gift, PlayCircle } from 'lucide-react';
import { NEWCOMER_GIFT_USD } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUsdWhole } from '../../../shared/format/price';

export function AnonymousHero() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const gift = formatUsdWhole(NEWCOMER_GIFT_USD);
  return (
    <>
      <p className="hero__promo">
        <Gift size={20} aria-hidden />
        <span>
          <Trans>
            Sign up and claim newcomer gifts worth up to <strong className="accent">{gift}</strong>
          </Trans>
        </span>
      </p>
      <form
        className="hero__signup"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('/signup');
        }}
      >
        <label htmlFor="hero-email" className="sr-only">
          <Trans>Email or mobile number</Trans>
        </label>
        <input id="hero-email" className="input hero__input" type="text" autoComplete="email" placeholder={t`Email / Mobile number`} />
        <button type="submit" className="btn btn-primary hero__submit">
          <Trans>Sign Up</Trans>
        </button>
      </form>
      <div className="hero__links">
        <span className="muted">
          <Trans>
            Already have an account?{' '}
            <Link to="/login" className="btn-link">
              Log In
            </Link>
          </Trans>
        </span>
        <Link to="/spot-trading" className="hero__demo">
          <PlayCircle size={18} aria-hidden /> <Trans>Try demo trading</Trans>
        </Link>
      </div>
    </>
  );
}
