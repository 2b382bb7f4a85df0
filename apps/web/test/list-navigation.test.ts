import { describe, expect, it } from 'vitest';
import { moveForKey, nextIndex } from '../src/shared/ui/listNavigation';
import { titleFromPath } from '../src/app/placeholders/titleFromPath';

describe('list navigation', () => {
  it('maps Up and Down in a vertical list, Left and Right in a horizontal one, Home and End in both', () => {
    expect(moveForKey('ArrowDown', 'vertical')).toBe('next');
    expect(moveForKey('ArrowUp', 'vertical')).toBe('previous');
    expect(moveForKey('ArrowRight', 'vertical')).toBeNull();
    expect(moveForKey('ArrowRight', 'horizontal')).toBe('next');
    expect(moveForKey('ArrowLeft', 'horizontal')).toBe('previous');
    expect(moveForKey('ArrowDown', 'horizontal')).toBeNull();
    expect(moveForKey('Home', 'horizontal')).toBe('first');
    expect(moveForKey('End', 'vertical')).toBe('last');
    expect(moveForKey('a', 'vertical')).toBeNull();
  });

  it('steps and wraps round, and starts from the matching end when nothing is active', () => {
    expect(nextIndex('next', 0, 3)).toBe(1);
    expect(nextIndex('next', 2, 3)).toBe(0);
    expect(nextIndex('previous', 0, 3)).toBe(2);
    expect(nextIndex('next', -1, 3)).toBe(0);
    expect(nextIndex('previous', -1, 3)).toBe(2);
    expect(nextIndex('first', 2, 3)).toBe(0);
    expect(nextIndex('last', 0, 3)).toBe(2);
    expect(nextIndex('next', -1, 0)).toBe(-1);
  });
});

describe('page names of coming-soon paths', () => {
  it.each([
    ['/earn/simple-earn', 'Simple Earn'],
    ['/pages/morePages/CampaignCenter', 'Campaign Center'],
    ['/deposit', 'Deposit'],
    ['/account/profile/security/change-password', 'Change Password'],
    ['/', ''],
  ])('names %s "%s"', (path, name) => {
    expect(titleFromPath(path)).toBe(name);
  });
});
