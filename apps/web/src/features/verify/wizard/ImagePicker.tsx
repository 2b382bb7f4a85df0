import { useId, useRef } from 'react';
import { ImageUp } from 'lucide-react';
import type { KycFileField } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { fileProblem, IMAGE_ACCEPT } from './wizardState';
import { useObjectUrl } from './useObjectUrl';

interface ImagePickerProps {
  field: KycFileField;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A refused file's message, or null once a good one is chosen. */
  onProblem: (message: string | null) => void;
}

/** One image of the upload: a PNG or JPEG file chosen from the device, with its preview. */
export function ImagePicker({ field, label, file, onChange, onProblem }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const contractText = useContractText();
  return (
    <div className="verify-picker">
      <label htmlFor={id} className="verify-picker__label">
        {label}
      </label>
      <div className="verify-picker__box">
        {preview ? <img src={preview} alt="" className="verify-picker__preview" /> : <ImageUp size={32} aria-hidden className="verify-picker__icon" />}
        <span className="verify-picker__name">{file ? file.name : <Trans>PNG or JPEG, up to 10 MB</Trans>}</span>
        <input
          ref={input}
          id={id}
          name={field}
          type="file"
          accept={IMAGE_ACCEPT}
          className="verify-picker__input"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            if (!chosen) return;
            const problem = fileProblem(field, chosen);
            onProblem(problem === null ? null : contractText(problem));
            if (problem === null) onChange(chosen);
            // The same file can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => input.current?.click()}>
          {file ? <Trans>Choose another</Trans> : <Trans>Choose file</Trans>}
        </button>
      </div>
    </div>
  );
}
