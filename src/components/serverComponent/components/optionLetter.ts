import { createContext } from 'react';

/**
 * The letter an OptionList assigns to its n-th child (A, B, C...), for Options
 * that bring no optionLetter of their own.
 */
export const OptionLetterContext = createContext<string | undefined>(undefined);

export function letterFor(index: number): string {
  // A..Z, then AA, AB... (a list that long is unlikely, but must not show '[').
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}
