import { Check } from 'lucide-react';
import clsx from 'clsx';

interface StepperProps {
  steps: readonly string[];
  /** Zero-based index of the step on screen. */
  current: number;
}

export function Stepper({ steps, current }: StepperProps) {
  return (
    <ol className="stepper" aria-label="Sign-up progress">
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={label} className={clsx('stepper-item', `stepper-${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper-dot" aria-hidden>
              {state === 'done' ? <Check size={14} strokeWidth={3} /> : index + 1}
            </span>
            <span className="stepper-label">{label}</span>
            {state === 'done' && <span className="sr-only"> (completed)</span>}
          </li>
        );
      })}
    </ol>
  );
}
