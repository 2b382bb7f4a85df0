import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../shared/ui/Spinner';
import './RootLayout.css';

export function RouteFallback() {
  const { t } = useLingui();
  return (
    <div className="route-fallback">
      <Spinner label={t`Loading page`} />
    </div>
  );
}
