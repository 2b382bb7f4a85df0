import { useState, type FormEvent } from 'react';
import { SIGNUP_COUNTRIES, signupCountryStep } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { regionName } from '../../../shared/format/region';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { validate } from '../lib/validate';

interface CountryStepProps {
  initialCountry: string;
  onDone: (country: string) => void;
}

export function CountryStep({ initialCountry, onDone }: CountryStepProps) {
  const { t } = useLingui();
  const [country, setCountry] = useState(initialCountry);
  const [terms, setTerms] = useState(Boolean(initialCountry));
  const { error, fail, edited, isInvalid } = useFormFeedback();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(signupCountryStep, { country, terms });
    if (!result.ok) return fail(result.message, result.fields);
    onDone(result.data.country);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>Choose your country or region of residence.</Trans>
      </p>
      <div className="field">
        <label htmlFor="signup-country">
          <Trans>Country / region</Trans>
        </label>
        <select
          id="signup-country"
          className="select"
          autoFocus
          autoComplete="country"
          value={country}
          aria-invalid={isInvalid('country')}
          onChange={(e) => {
            setCountry(e.target.value);
            edited('country');
          }}
        >
          <option value="">{t`Select your country`}</option>
          {SIGNUP_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {regionName(c.code, c.name)}
            </option>
          ))}
        </select>
      </div>
      <label className="auth-check">
        <input
          type="checkbox"
          checked={terms}
          aria-invalid={isInvalid('terms')}
          onChange={(e) => {
            setTerms(e.target.checked);
            edited('terms');
          }}
        />
        <span>
          <Trans>I have read and agree to the Terms of Service and Privacy Policy.</Trans>
        </span>
      </label>
      <FormAlert error={error} />
      <SubmitButton loading={false}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </form>
  );
}
