import { describe, expect, it } from 'vitest';
import { reopenable } from './reopen-refused';

const crear = { name: 'solicitud.crear', args: { solicitudId: '01a0b26a-6221-754e-9e90-328470146834' } };

describe('a refused new application goes back to the form', () => {
  it('whatever the refusal: its data, a role lost meanwhile, a missing target, a server fault', () => {
    for (const code of ['VALIDATION', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL'] as const) expect(reopenable({ ...crear, code }), code).toBe(true);
  });
  it('not another kind of change, nor a creation without its id', () => {
    expect(reopenable({ name: 'solicitud.editar', code: 'FORBIDDEN', args: { solicitudId: 'x' } })).toBe(false);
    expect(reopenable({ name: 'solicitud.crear', code: 'FORBIDDEN', args: {} })).toBe(false);
  });
});
