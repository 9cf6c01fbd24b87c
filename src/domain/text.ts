/**
 * Accent- and case-insensitive text helpers for the credits-list search (name, document number,
 * e-mail, phone). A row's tokens are computed once (`searchTokens`) and every query word must be
 * the prefix of some token (`matchesSearch`), so 'jose 300' finds 'José Pérez, 300 123 4567'.
 */

// eslint-disable-next-line no-control-regex -- every ASCII character, control ones included
const ASCII = /^[\x00-\x7f]*$/;
/** The only ASCII characters with the Unicode Diacritic property. */
const ASCII_DIACRITICS = /[\^`]/g;
/** Folded non-ASCII values (names, cities, statuses repeat across thousands of rows). */
const folded = new Map<string, string>();
const FOLDED_MAX = 5000;

/**
 * NFD, strip diacritics, lowercase, trim: 'Ángela ' -> 'angela', 'Ñuñoa' -> 'nunoa'.
 * A first sync folds about fifteen values per application: ASCII text (documents, e-mails,
 * phones) skips the normalisation, which leaves it as it is, and other text is remembered.
 */
export function fold(s: string): string {
  if (ASCII.test(s)) return (s.includes('^') || s.includes('`') ? s.replace(ASCII_DIACRITICS, '') : s).toLowerCase().trim();
  let out = folded.get(s);
  if (out === undefined) {
    out = s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
    if (folded.size >= FOLDED_MAX) folded.clear();
    folded.set(s, out);
  }
  return out;
}

const NON_ALNUM = /[^\p{L}\p{N}]+/u;
// Phone and document numbers are typed with spaces, dots, dashes, parentheses or a leading '+'.
const NUMBER_LIKE = /^[\d\s.\-()+/]*\d[\d\s.\-()+/]*$/;

function alnumParts(folded: string): string[] {
  return folded.split(NON_ALNUM).filter(Boolean);
}

/** The tokens of one value, remembered: most values of an application repeat across thousands. */
const valueTokens = new Map<string, readonly string[]>();
const VALUE_TOKENS_MAX = 20_000;

function tokensOf(value: string): readonly string[] {
  let tokens = valueTokens.get(value);
  if (tokens) return tokens;
  const out: string[] = [];
  const folded = fold(value);
  if (folded) {
    out.push(...alnumParts(folded));
    if (folded.includes('@')) for (const chunk of folded.split(/\s+/)) if (chunk.includes('@')) out.push(chunk);
    if (NUMBER_LIKE.test(folded)) out.push(folded.replace(/\D/g, ''));
  }
  tokens = out;
  if (valueTokens.size >= VALUE_TOKENS_MAX) valueTokens.clear();
  valueTokens.set(value, tokens);
  return tokens;
}

/**
 * Folded word tokens of the given values, deduplicated. Number-like values also yield their
 * digits-only form ('300 123 4567' -> '3001234567'); anything containing '@' also yields the whole
 * folded chunk ('Ana.Perez@x.co' -> 'ana.perez@x.co'), so a pasted e-mail finds its row.
 */
export function searchTokens(values: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const value of values) {
    if (value == null) continue;
    for (const token of tokensOf(String(value))) out.add(token);
  }
  return [...out];
}

function wordMatches(tokens: string[], word: string): boolean {
  if (tokens.some((t) => t.startsWith(word))) return true;
  // '300-123' or '1.023.456' typed as one word: compare its digits with the digit-only tokens.
  if (NUMBER_LIKE.test(word)) {
    const digits = word.replace(/\D/g, '');
    if (tokens.some((t) => t.startsWith(digits))) return true;
  }
  // 'perez@x' or 'garcia-lopez': every alphanumeric part must match on its own. A word made only
  // of punctuation ('-', '@') narrows nothing, so it is ignored rather than hiding every row.
  return alnumParts(word).every((p) => tokens.some((t) => t.startsWith(p)));
}

/** True when every word of the query is a prefix of some token; a blank query matches everything. */
export function matchesSearch(tokens: string[], query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.every((w) => wordMatches(tokens, w));
}
