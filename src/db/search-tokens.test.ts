import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchesSearch, searchTokens } from '../domain/text';
import { pruneTokens } from './search-tokens';

describe('pruneTokens', () => {
  it('drops tokens that start another token', () => {
    expect(
      pruneTokens(['ana', 'ana.perez@x.co', 'perez', 'x', 'co', 'correo', '300', '3001234567']),
    ).toEqual(['ana.perez@x.co', 'correo', 'perez', 'x', '3001234567'].sort());
  });

  it('keeps every search result the same', () => {
    const word = fc.stringMatching(/^[a-zá0-9.@\- ]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 6 }),
        fc.stringMatching(/^[a-zá0-9.@\- ]{0,8}$/),
        (values, query) => {
          const tokens = searchTokens(values);
          expect(matchesSearch(pruneTokens(tokens), query)).toBe(matchesSearch(tokens, query));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
