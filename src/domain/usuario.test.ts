import { describe, expect, it } from 'vitest';
import { canManageUsuario, manageNote, NO_ELIMINAR_PROPIO, SUPERVISOR_NO_TOCA_ADMIN } from './usuario';

const admin = { id: 1, rol: 'admin' as const };
const supervisor = { id: 2, rol: 'supervisor' as const };

describe('manageNote: why the user window lacks a button the actor may look for', () => {
  it('tells a supervisor that an administrator is not theirs to edit or delete', () => {
    expect(canManageUsuario(supervisor, { id: 1, rol: 'admin' })).toEqual({ edit: false, delete: false });
    expect(manageNote(supervisor, { id: 1, rol: 'admin' })).toBe(SUPERVISOR_NO_TOCA_ADMIN);
    expect(manageNote(supervisor, { id: 1, rol: 'ADMIN' as never })).toBe(SUPERVISOR_NO_TOCA_ADMIN);
  });

  it('tells anyone managing users that their own account cannot be deleted', () => {
    expect(canManageUsuario(admin, admin).delete).toBe(false);
    expect(manageNote(admin, admin)).toBe(NO_ELIMINAR_PROPIO);
    expect(manageNote(supervisor, supervisor)).toBe(NO_ELIMINAR_PROPIO);
  });

  it('says nothing when both buttons are there, for a user not on the server yet, or to someone who manages no users', () => {
    expect(manageNote(admin, { id: 5, rol: 'admin' })).toBeNull();
    expect(manageNote(supervisor, { id: 5, rol: 'asesor' })).toBeNull();
    expect(manageNote(supervisor, { id: 'local-1' as never, rol: 'admin' })).toBeNull();
    expect(manageNote({ id: 7, rol: 'asesor' }, { id: 7, rol: 'asesor' })).toBeNull();
  });
});
