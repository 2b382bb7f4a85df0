import type { ReactNode } from 'react';

interface ProfileRowProps {
  label: ReactNode;
  /** The label's id, for an action that names what it acts on (aria-describedby). */
  labelId?: string;
  children: ReactNode;
  action?: ReactNode;
}

/** One line of the profile: what it is, its value, and what can be done with it. */
export function ProfileRow({ label, labelId, children, action }: ProfileRowProps) {
  return (
    <div className="account-row">
      <dt id={labelId} className="account-row__label muted">{label}</dt>
      <dd className="account-row__value">{children}</dd>
      {action && <dd className="account-row__action">{action}</dd>}
    </div>
  );
}
