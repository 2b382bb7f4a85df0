import { VERIFICATION_STEPS } from './verificationState';

/** The wizard's five steps, explained ahead of the upload (spec 3 §2 "Step n of 5"). */
export function VerificationSteps() {
  return (
    <section className="card verify-steps" aria-labelledby="verify-steps-title">
      <h2 id="verify-steps-title" className="verify-steps__title">
        How verification works
      </h2>
      <ol className="verify-steps__list">
        {VERIFICATION_STEPS.map((step, index) => (
          <li key={step.title} className="verify-steps__item">
            <span className="verify-steps__number" aria-hidden>
              {index + 1}
            </span>
            <div>
              <h3 className="verify-steps__name">
                <span className="sr-only">Step {index + 1} of {VERIFICATION_STEPS.length}: </span>
                {step.title}
              </h3>
              <p className="muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
