import { Link, useNavigate } from 'react-router';
import { Gift, PlayCircle } from 'lucide-react';

export function AnonymousHero() {
  const navigate = useNavigate();
  return (
    <>
      <p className="hero__promo">
        <Gift size={20} aria-hidden />
        <span>
          Sign up and claim newcomer gifts worth up to <strong className="accent">$2,000</strong>
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
          Email or mobile number
        </label>
        <input id="hero-email" className="input hero__input" type="text" autoComplete="email" placeholder="Email / Mobile number" />
        <button type="submit" className="btn btn-primary hero__submit">
          Sign Up
        </button>
      </form>
      <div className="hero__links">
        <span className="muted">
          Already have an account? <Link to="/login" className="btn-link">Log In</Link>
        </span>
        <Link to="/spot-trading" className="hero__demo">
          <PlayCircle size={18} aria-hidden /> Try demo trading
        </Link>
      </div>
    </>
  );
}
