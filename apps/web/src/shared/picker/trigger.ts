import type { ButtonHTMLAttributes, Ref } from 'react';

/** What a picker's opening button spreads: Downshift's toggle props (id, aria-expanded, aria-controls, click) and its ref. */
export type PickerTriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };
