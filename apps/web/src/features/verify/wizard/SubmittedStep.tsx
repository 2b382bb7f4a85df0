import type { Ref } from 'react';
import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { VERIFICATION_REVIEW_HOURS } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';

/** Step 6: "Verification Submitted / Pending Review", and Done goes home. */
export function SubmittedStep({ titleRef }: { titleRef?: Ref<HTMLHeadingElement> }) {
  const reviewHours = VERIFICATION_REVIEW_HOURS;
  return (
    <section className="card verify-result" aria-labelledby="verify-submitted-title">
      <Clock size={40} className="verify-status__todo" aria-hidden />
      <h2 id="verify-submitted-title" ref={titleRef} tabIndex={-1}>
        <Trans>Verification Submitted</Trans>
      </h2>
      <p className="verify-result__state">
        <Trans>Pending Review</Trans>
      </p>
      <p className="muted">
        <Trans>We are checking your documents. A review may take up to {reviewHours} hours; this page and the home page show the result.</Trans>
      </p>
      <Link to="/" className="btn btn-primary">
        <Trans>Done</Trans>
      </Link>
    </section>
  );
}
