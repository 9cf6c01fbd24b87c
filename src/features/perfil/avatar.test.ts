import { describe, expect, it } from 'vitest';
import { iniciales } from './avatar';

describe('the avatar initials', () => {
  it('take the first name and the first surname', () => {
    expect(iniciales('Adriana', 'Mejía')).toBe('AM');
    expect(iniciales('Ángela María', 'Ñáñez Ruiz')).toBe('ÁÑ');
  });
  it('without a surname, the first two words of the name', () => {
    expect(iniciales('María José')).toBe('MJ');
    expect(iniciales('ulises', null)).toBe('U');
    expect(iniciales('  ', '')).toBe('?');
  });
});
