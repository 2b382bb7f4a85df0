import type { IdType } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { ImagePicker } from './ImagePicker';

interface DocumentStepProps {
  idType: IdType;
  front: File | null;
  back: File | null;
  onFront: (file: File | null) => void;
  onBack: (file: File | null) => void;
  onProblem: (message: string | null) => void;
}

/** Step 4: the ID's front, and its back where the type has one. */
export function DocumentStep({ idType, front, back, onFront, onBack, onProblem }: DocumentStepProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const name = contractText(idType.name);
  return (
    <div className="verify-pickers">
      <ImagePicker field="front_captured_image" label={t`Front of your ${name}`} file={front} onChange={onFront} onProblem={onProblem} />
      {idType.needsBack && <ImagePicker field="back_captured_image" label={t`Back of your ${name}`} file={back} onChange={onBack} onProblem={onProblem} />}
    </div>
  );
}
