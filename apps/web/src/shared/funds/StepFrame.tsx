import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';

export type StepState = 'done' | 'current' | 'upcoming';

interface StepFrameProps {
  number: number;
  titleId: string;
  title: ReactNode;
  state: StepState;
  children?: ReactNode;
}

/** One numbered step of the deposit or withdrawal flow, with the line that joins it to the next. */
export function StepFrame({ number, titleId, title, state, children }: StepFrameProps) {
  return (
    <li className={clsx('funds-step', `is-${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
      <span className="funds-step__marker" aria-hidden>
        {state === 'done' ? <Check size={16} /> : number}
      </span>
      <div className="funds-step__body">
        <h2 id={titleId} className="funds-step__title">
          {title}
        </h2>
        {children}
      </div>
    </li>
  );
}
