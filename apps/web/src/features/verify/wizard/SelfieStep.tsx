import { Camera } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePicker } from './ImagePicker';
import { cameraSupported, useCamera } from './useCamera';
import { useObjectUrl } from './useObjectUrl';

interface SelfieStepProps {
  selfie: File | null;
  onSelfie: (file: File | null) => void;
  onProblem: (message: string | null) => void;
}

/** Step 5: a selfie from the camera, or a photo file where there is no camera or it is refused. */
export function SelfieStep({ selfie, onSelfie, onProblem }: SelfieStepProps) {
  const { t } = useLingui();
  const { video, state, start, capture } = useCamera();
  const preview = useObjectUrl(selfie);
  const live = state === 'live' || state === 'starting';
  return (
    <div className="verify-selfie">
      {cameraSupported() && (
        <div className="verify-camera">
          <video ref={video} className="verify-camera__video" hidden={!live} muted playsInline aria-label={t`Camera preview`} />
          {!live && preview && <img src={preview} alt={t`Your selfie`} className="verify-camera__still" />}
          {live ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={state !== 'live'}
              onClick={async () => {
                const photo = await capture();
                if (photo) {
                  onProblem(null);
                  onSelfie(photo);
                }
              }}
            >
              <Camera size={18} aria-hidden />
              <Trans>Take photo</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => void start()}>
              <Camera size={18} aria-hidden />
              {selfie ? <Trans>Retake with camera</Trans> : <Trans>Open camera</Trans>}
            </button>
          )}
          {state === 'failed' && (
            <p className="field-error" role="alert">
              <Trans>The camera could not be opened. Upload a photo of your face instead.</Trans>
            </p>
          )}
        </div>
      )}
      <ImagePicker field="captured_selfie" label={t`Or upload a selfie`} file={selfie} onChange={onSelfie} onProblem={onProblem} />
    </div>
  );
}
