import clsx from 'clsx';
import { ID_TYPES, type IdType } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';

/** Step 3: the six ID types of spec 3 §3; choosing one moves on. */
export function IdTypeStep({ chosen, onChoose }: { chosen: IdType | null; onChoose: (type: IdType) => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  return (
    <ul className="verify-types" aria-label={t`ID type`}>
      {ID_TYPES.map((type) => (
        <li key={type.apiValue}>
          <button
            type="button"
            className={clsx('verify-type', chosen?.apiValue === type.apiValue && 'is-chosen')}
            aria-pressed={chosen?.apiValue === type.apiValue}
            onClick={() => onChoose(type)}
          >
            <span className="verify-type__name">{contractText(type.name)}</span>
            <span className="verify-type__sides muted">{type.needsBack ? <Trans>Front and back</Trans> : <Trans>Front only</Trans>}</span>
            {type.recommended && (
              <span className="verify-type__badge">
                <Trans>Recommended</Trans>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
