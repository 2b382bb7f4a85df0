import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentUrl } from './useDocumentUrl';

/** The upload stores each image under the name of what it shows (selfie.png, front.jpg, back.png). */
const KINDS: Record<string, MessageDescriptor> = {
  selfie: msg`Selfie`,
  front: msg`Front of the ID`,
  back: msg`Back of the ID`,
};

/** What a stored document path shows, in words; a name the upload does not make reads as "Document n". */
function kindOf(path: string): MessageDescriptor | null {
  const stem = (path.split('/').at(-1) ?? '').replace(/\.[a-z]+$/i, '');
  return KINDS[stem] ?? null;
}

function DocumentLink({ userId, index, label }: { userId: string; index: number; label: string }) {
  const { t } = useLingui();
  const state = useDocumentUrl(userId, index);
  if (state === null) return <span className="muted">{t`Loading ${label}`}</span>;
  if ('error' in state) return <span className="admin-error">{state.error}</span>;
  return (
    <a className="admin-link" href={state.url} target="_blank" rel="noreferrer" aria-label={t`View ${label}`}>
      <Trans>View</Trans>
    </a>
  );
}

/** The user's identity documents by what each shows, each opened through the console's authenticated document route. */
export function UserDocuments({ userId, paths }: { userId: string; paths: readonly string[] }) {
  const { t, i18n } = useLingui();
  if (paths.length === 0) return <>{t`None`}</>;
  return (
    <ul className="admin-list admin-user-documents">
      {paths.map((path, index) => {
        const kind = kindOf(path);
        const place = index + 1;
        const label = kind ? i18n._(kind) : t`Document ${place}`;
        return (
          <li key={path}>
            <span>{label}</span>
            <DocumentLink userId={userId} index={index} label={label} />
          </li>
        );
      })}
    </ul>
  );
}
