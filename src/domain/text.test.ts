import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fold, matchesSearch, searchTokens } from './text';

describe('fold', () => {
  it('strips accents, lowercases and trims', () => {
    expect(fold('  Ángela PÉREZ Núñez ')).toBe('angela perez nunez');
    expect(fold('Itagüí')).toBe('itagui');
  });
});

describe('searchTokens', () => {
  it('splits names into folded words without duplicates', () => {
    const tokens = searchTokens(['José', 'Pérez', 'pérez', null, undefined, '']);
    expect(tokens).toEqual(['jose', 'perez']);
  });

  it('keeps the digits-only form of phone and document numbers', () => {
    const tokens = searchTokens(['300 123 4567', '1.023.456.789', '+57 (601) 555-1234']);
    expect(tokens).toContain('3001234567');
    expect(tokens).toContain('300');
    expect(tokens).toContain('1023456789');
    expect(tokens).toContain('576015551234');
  });

  it('keeps an e-mail whole as well as in parts', () => {
    const tokens = searchTokens(['Ana.Perez@X.co']);
    expect(tokens).toEqual(expect.arrayContaining(['ana.perez@x.co', 'ana', 'perez', 'x', 'co']));
  });

  it('does not add a digits-only token for text that merely contains digits', () => {
    expect(searchTokens(['calle 10 # 20-30 apto'])).not.toContain('102030');
  });
});

describe('matchesSearch', () => {
  const tokens = searchTokens([
    'José',
    'Pérez',
    'Gómez',
    '1.023.456.789',
    'ana.perez@x.co',
    '300 123 4567',
  ]);

  it('matches every word as a prefix, ignoring case and accents', () => {
    expect(matchesSearch(tokens, 'jose')).toBe(true);
    expect(matchesSearch(tokens, 'JOSÉ pér')).toBe(true);
    expect(matchesSearch(tokens, 'gomez jos')).toBe(true);
  });

  it('fails when any word matches no token', () => {
    expect(matchesSearch(tokens, 'jose martinez')).toBe(false);
    expect(matchesSearch(tokens, 'ose')).toBe(false);
  });

  it('matches phone and document numbers with or without separators', () => {
    expect(matchesSearch(tokens, '3001234')).toBe(true);
    expect(matchesSearch(tokens, '300 123')).toBe(true);
    expect(matchesSearch(tokens, '300-123-45')).toBe(true);
    expect(matchesSearch(tokens, '1023456')).toBe(true);
    expect(matchesSearch(tokens, '1.023.456')).toBe(true);
    expect(matchesSearch(tokens, '3009')).toBe(false);
  });

  it('matches a whole or partial e-mail', () => {
    expect(matchesSearch(tokens, 'ana.perez@x.co')).toBe(true);
    expect(matchesSearch(tokens, 'Ana.Perez@')).toBe(true);
    expect(matchesSearch(tokens, 'perez@x')).toBe(true);
    expect(matchesSearch(tokens, 'ana.perez@y.co')).toBe(false);
  });

  it('ignores words made only of punctuation', () => {
    expect(matchesSearch(tokens, 'jose -')).toBe(true);
    expect(matchesSearch(tokens, 'martinez -')).toBe(false);
  });

  it('matches everything on a blank query', () => {
    expect(matchesSearch(tokens, '   ')).toBe(true);
    expect(matchesSearch([], '')).toBe(true);
  });
});

describe('fold of any text', () => {
  // The normalisation as written before the ASCII fast path and the memo (reference).
  const reference = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

  it('equals NFD + strip diacritics + lowercase + trim, for ASCII (with ^ and `) and other text, folded twice', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(' a^b`C ', 'Ñuñoa', 'Pendiente información adicional', 'ÁÉÍ^`')), (s) => {
        expect(fold(s)).toBe(reference(s));
        expect(fold(s)).toBe(reference(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('searchTokens of any values', () => {
  // As written before the tokens of each value were remembered (reference).
  const reference = (values: (string | null | undefined)[]) => {
    const out = new Set<string>();
    for (const value of values) {
      if (value == null) continue;
      const folded = fold(String(value));
      if (!folded) continue;
      for (const part of folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) out.add(part);
      for (const chunk of folded.split(/\s+/)) if (chunk.includes('@')) out.add(chunk);
      if (/^[\d\s.\-()+/]*\d[\d\s.\-()+/]*$/.test(folded)) out.add(folded.replace(/\D/g, ''));
    }
    return [...out];
  };
  const value = fc.oneof(
    fc.constant(null),
    fc.string(),
    fc.constantFrom('Ana.Pérez@X.co', '300 123 4567', '+57 (601) 555-1234', 'Bogotá D.C.', 'José', 'a@b c@d', '1.023.456'),
  );

  it('equals the tokens made afresh, in the same order, when values repeat across calls', () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 6 }), { maxLength: 5 }), (calls) => {
        for (const values of calls) expect(searchTokens(values)).toEqual(reference(values));
      }),
      { numRuns: 1000 },
    );
  });
});
