import { VERIFICATION_COUNTRIES } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { regionName } from '../../../shared/format/region';

/** Step 2: the country that issued the ID; spec 3 §3's 24 countries, PH first chosen. */
export function CountryStep({ country, onChange }: { country: string; onChange: (country: string) => void }) {
  return (
    <div className="field">
      <label htmlFor="verify-country">
        <Trans>Country or region that issued your ID</Trans>
      </label>
      <select id="verify-country" className="select" value={country} onChange={(event) => onChange(event.target.value)}>
        {VERIFICATION_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {regionName(code, code)}
          </option>
        ))}
      </select>
    </div>
  );
}
