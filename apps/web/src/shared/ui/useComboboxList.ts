import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { moveForKey, nextIndex } from './listNavigation';

interface ComboboxListOptions {
  /** How many options the list shows now. */
  count: number;
  /** Enter on the active option, or on the first when none is active. */
  onChoose: (index: number) => void;
  onEscape: () => void;
}

/**
 * The keyboard model of a search box over a listbox (WAI-ARIA combobox pattern): focus stays in the
 * input while Up and Down move the active option (aria-activedescendant), Enter chooses, Escape closes.
 * Home and End stay with the text. Spread `inputProps` on the input; give the list `listId` and each
 * option `optionId(index)` and aria-selected when it is `activeIndex`.
 */
export function useComboboxList({ count, onChoose, onEscape }: ComboboxListOptions) {
  const listId = useId();
  const [active, setActive] = useState(-1);
  // Typing can shrink the list under the active option.
  const activeIndex = active < count ? active : -1;
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (count > 0) onChoose(Math.max(activeIndex, 0));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const move = moveForKey(event.key, 'vertical');
      if (move) setActive(nextIndex(move, activeIndex, count));
    }
  };

  return {
    listId,
    optionId,
    activeIndex,
    setActiveIndex: setActive,
    inputProps: {
      role: 'combobox',
      'aria-expanded': true,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
      onKeyDown,
    } as const,
  };
}
