import { Check } from 'lucide-react';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';

interface StepperProps {
  steps: readonly string[];
  /** Zero-based index of the step on screen. */
  current: number;
  /** What the steps are the progress of; sign-up's by default. */
  label?: string;
}

export function Stepper({ steps, current, label: listLabel }: StepperProps) {
  const { t } = useLingui();
  return (
    <ol className={clsx('stepper', `stepper--${steps.length}`)} aria-label={listLabel ?? t`Sign-up progress`}>
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={label} className={clsx('stepper-item', `stepper-${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper-dot" aria-hidden>
              {state === 'done' ? <Check size={14} strokeWidth={3} /> : index + 1}
            </span>
            <span className="stepper-label">{label}</span>
            {state === 'done' && (
              <span className="sr-only">
                {' '}
                <Trans>(completed)</Trans>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
