import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'live' | 'failed';

/** True where the browser can open a camera at all (a secure page with mediaDevices). */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The front camera in a <video>, and a still of it as a JPEG file. The stream stops when the photo
 * is taken, on stop(), and when the component goes, so the camera light never stays on.
 */
export function useCamera() {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setState((current) => (current === 'failed' ? current : 'off'));
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(async () => {
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setState('live');
    } catch {
      setState('failed');
    }
  }, []);

  /** The current frame as selfie.jpg; null when no frame is there yet. */
  const capture = useCallback(async (): Promise<File | null> => {
    const el = video.current;
    if (!el || el.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    stop();
    return blob ? new File([blob], 'selfie.jpg', { type: 'image/jpeg' }) : null;
  }, [stop]);

  return { video, state, start, stop, capture };
}
