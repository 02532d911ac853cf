import * as t from 'io-ts';
import { PERSON } from './contact';

/** The letters of the directory's index, in order. */
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** A letter of the index and how many contacts of the list are filed under it. */
export interface LetterCount {
  readonly letter: string;
  readonly count: number;
}

/** The answer of `GET /api/letters/contacts/`: the letters that have contacts, with how many (the client decodes it, the API's description publishes it). */
export const ContactLetters = t.array(t.exact(t.type({ letter: t.string, count: t.number })));

/** Whether `value` is one letter of the index (upper case, A to Z): what `?lettre=` and the API's `letter` accept. */
export const isIndexLetter = (value: string): boolean => /^[A-Z]$/.test(value);

// Words an organisation's name starts with that nobody looks it up by: articles, prepositions, and
// the generic heads of a public body ("Service des routes" is found under R, "Commune de Sion" under S).
const SKIPPED_WORDS = new Set([
  'le',
  'la',
  'les',
  'l',
  'un',
  'une',
  'de',
  'des',
  'du',
  'd',
  'au',
  'aux',
  'et',
  'service',
  'services',
  'office',
  'departement',
  'commune',
  'direction',
  'secretariat',
  'bureau',
  'section',
]);

// Letters that folding the accents leaves as one ligature.
const LIGATURES: Readonly<Record<string, string>> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', đ: 'd', ł: 'l' };

/** A text lower-cased with its accents and ligatures folded ("Élise Œhl" → "elise oehl"). */
export const foldAccents = (text: string): string =>
  // Compatibility forms too (a ligature "ﬁ", "ŉ"), so a name's capitals and small letters fold alike.
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[æœßøđł]/g, (letter) => LIGATURES[letter] ?? letter);

// The words of a name, folded: apostrophes (straight or typographic) end an elided article ("l’aménagement").
const wordsOf = (title: string): string[] =>
  foldAccents(title)
    .split(/[\s'’ʼ]+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');

/**
 * The word a contact is filed under, folded: a person's family name, the last word of the name
 * (the directory has no family-name field: "Anne-Marie Favre-Rochat" → "favre-rochat"); an
 * organisation's first word that is neither an article nor a generic head ("Service de
 * l’aménagement de Sion" → "amenagement"), or its first word when all are. `''` for an empty name.
 */
export const filingWord = (title: string, typeContact: string | null | undefined): string => {
  const words = wordsOf(title);
  if (typeContact === PERSON) return words[words.length - 1] ?? '';
  return words.find((word) => !SKIPPED_WORDS.has(word)) ?? words[0] ?? '';
};

/**
 * The letter of the index a contact is filed under (SPEC, "Directory A–Z"): the first letter of
 * its filing word, upper case, A to Z; `null` when that word starts with a digit or a letter of
 * another script (the contact is then listed under no letter, only in the whole directory).
 */
export const filingLetter = (title: string, typeContact: string | null | undefined): string | null => {
  const first = filingWord(title, typeContact).charAt(0).toUpperCase();
  return isIndexLetter(first) ? first : null;
};

/** The letter of a page address (`?lettre=B`), or `''` when it has none or one the index does not have. */
export const letterFromSearch = (search: string): string => {
  const letter = new URLSearchParams(search).get('lettre') ?? '';
  return isIndexLetter(letter) ? letter : '';
};
