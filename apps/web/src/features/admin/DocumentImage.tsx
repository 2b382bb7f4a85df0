import { useLingui } from '@lingui/react/macro';
import { useDocumentUrl } from './useDocumentUrl';

/** One identity document's image, opening whole in a new tab. */
export function DocumentImage({ userId, index }: { userId: string; index: number }) {
  const { t } = useLingui();
  const state = useDocumentUrl(userId, index);

  const place = index + 1;
  const label = t`Document ${place}`;
  if (state === null) return <p className="muted admin-document">{t`Loading ${label}`}</p>;
  if ('error' in state) {
    return (
      <p role="alert" className="admin-error admin-document">
        {state.error}
      </p>
    );
  }
  return (
    <a className="admin-document" href={state.url} target="_blank" rel="noreferrer">
      <img src={state.url} alt={label} />
    </a>
  );
}
