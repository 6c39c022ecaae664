/**
 * The words a style profile looks for. Each list maps what people type ("lolll", "hahaha", "heyyy") to one
 * canonical word, so a person who stretches a word is still seen using it.
 */

/** Abbreviations and slang, by their canonical spelling. */
export const SLANG_WORDS: readonly string[] = [
  'lol',
  'lmao',
  'rofl',
  'haha',
  'hehe',
  'u',
  'ur',
  'r',
  'rn',
  'tbh',
  'idk',
  'omg',
  'btw',
  'ngl',
  'imo',
  'fr',
  'gonna',
  'wanna',
  'gotta',
  'ya',
  'yeah',
  'yep',
  'yup',
  'nah',
  'k',
  'pls',
  'thx',
  'ty',
  'bc',
  'cuz',
  'tho',
  'jk',
  'smh',
  'ikr',
  'nvm',
];

const slangWords = new Set(SLANG_WORDS);

/** Stretched spellings of a slang word ("lolll", "hahaha", "plz") and the word they stand for. */
const STRETCHED_SLANG: readonly (readonly [RegExp, string])[] = [
  [/^lo+l+$/, 'lol'],
  [/^lmf?ao+$/, 'lmao'],
  [/^(?:ha){2,}h?$/, 'haha'],
  [/^(?:he){2,}h?$/, 'hehe'],
  [/^k+$/, 'k'],
  [/^pl[sz]+$/, 'pls'],
  [/^th(?:a?n)?x+$/, 'thx'],
  [/^yea+h+$/, 'yeah'],
  [/^na+h+$/, 'nah'],
  [/^omg+$/, 'omg'],
  [/^u+$/, 'u'],
];

/** The canonical slang word a lowercase word stands for, if any. */
export function slangOf(word: string): string | undefined {
  if (slangWords.has(word)) return word;
  return STRETCHED_SLANG.find(([pattern]) => pattern.test(word))?.[1];
}

/** Greetings, longest first so "good morning" wins over a shorter match. */
const GREETINGS: readonly (readonly [RegExp, string])[] = [
  [/^good morning\b/, 'good morning'],
  [/^good evening\b/, 'good evening'],
  [/^hey{2,}\b/, 'heyy'],
  [/^hey\b/, 'hey'],
  [/^heya\b/, 'heya'],
  [/^hiya\b/, 'hiya'],
  [/^hii+\b/, 'hii'],
  [/^hi\b/, 'hi'],
  [/^hel+o+\b/, 'hello'],
  [/^yo+\b/, 'yo'],
  [/^(?:wa)?s+u+p+\b/, 'sup'],
  [/^howdy\b/, 'howdy'],
  [/^hola\b/, 'hola'],
  [/^gm\b/, 'gm'],
];

/**
 * Sign-offs at the end of a message. Words that also end ordinary sentences ("later", "night", "see you") are left
 * out: "I'll do it later" is not a goodbye.
 */
const SIGN_OFFS: readonly (readonly [RegExp, string])[] = [
  [/\bgood ?night$/, 'good night'],
  [/\bnight night$/, 'good night'],
  [/\bsweet dreams$/, 'sweet dreams'],
  [/\btalk (?:to you )?soon$/, 'talk soon'],
  [/\btalk (?:to you )?later$/, 'talk later'],
  [/\bcatch (?:you|u|ya) later$/, 'catch you later'],
  [/\btake care$/, 'take care'],
  [/\bsee ya$/, 'see ya'],
  [/\bttyl$/, 'ttyl'],
  [/\bgn$/, 'gn'],
  [/\bcya$/, 'cya'],
  [/\bbye+$/, 'bye'],
  [/\blaters$/, 'laters'],
  [/\bcheers$/, 'cheers'],
  [/\bxo(?:xo)*$/, 'xo'],
  [/\bx+$/, 'x'],
];

/** The greeting a message opens with; `words` are its lowercase words joined by single spaces. */
export function greetingOf(words: string): string | undefined {
  return GREETINGS.find(([pattern]) => pattern.test(words))?.[1];
}

/** The sign-off a message ends with; `words` as for `greetingOf`. */
export function signOffOf(words: string): string | undefined {
  return SIGN_OFFS.find(([pattern]) => pattern.test(words))?.[1];
}
