import { Spinner } from '../../shared/ui/Spinner';
import './RootLayout.css';

export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spinner label="Loading page" />
    </div>
  );
}
