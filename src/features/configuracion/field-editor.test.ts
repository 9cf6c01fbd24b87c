import { describe, expect, it } from 'vitest';
import { draftChanged, emptyDraft } from './field-editor';

describe('draftChanged', () => {
  it('is false for an untouched form and true once something is typed or chosen', () => {
    expect(draftChanged(emptyDraft(), emptyDraft())).toBe(false);
    expect(draftChanged({ ...emptyDraft(), description: 'Cargo' }, emptyDraft())).toBe(true);
    expect(draftChanged({ ...emptyDraft(), type: 'array', list_values: { enum: [] } }, emptyDraft())).toBe(true);
    const withOption = { ...emptyDraft(), type: 'array' as const, list_values: { enum: ['A'] } };
    expect(draftChanged(withOption, { ...withOption, list_values: { enum: ['A', 'B'] } })).toBe(true);
  });

  it('compares content, not the order the draft was built in', () => {
    const a = { ...emptyDraft(), description: 'Cargo', key: 'cargo' };
    const { key, description, ...rest } = a;
    expect(draftChanged({ key, description, ...rest }, a)).toBe(false);
  });
});
