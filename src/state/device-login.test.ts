import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../domain/session';
import { forgetDeviceLogin, forgetRetiredAccount, rememberDeviceLogin, retireDeviceLogin, retiredAccounts, verifyDeviceLogin } from './device-login';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const user = { id: 7, nombre: 'Ana', rol: 'asesor', correo: 'ana@demo.co', empresa_id: 1 } as SessionUser;

describe('device login', () => {
  it('verifies the password the server accepted, for that e-mail only, and keeps no password', async () => {
    const storage = memoryStorage();
    expect(await verifyDeviceLogin('ana@demo.co', 'demo1234', storage)).toBeNull();
    await rememberDeviceLogin(' Ana@Demo.co ', 'demo1234', user, storage);
    expect(await verifyDeviceLogin('ana@demo.co', 'demo1234', storage)).toEqual(user);
    expect(await verifyDeviceLogin('ana@demo.co', 'demo12345', storage)).toBeNull();
    expect(await verifyDeviceLogin('otro@demo.co', 'demo1234', storage)).toBeNull();
    expect(await verifyDeviceLogin('ana@demo.co', '', storage)).toBeNull();
    expect(storage.getItem('radica-device-login')).not.toContain('demo1234');
  });

  it('forgets a verifier, and survives a damaged store', async () => {
    const storage = memoryStorage();
    await rememberDeviceLogin('ana@demo.co', 'demo1234', user, storage);
    forgetDeviceLogin('ANA@demo.co', storage);
    expect(await verifyDeviceLogin('ana@demo.co', 'demo1234', storage)).toBeNull();
    storage.setItem('radica-device-login', '{not json');
    expect(await verifyDeviceLogin('ana@demo.co', 'demo1234', storage)).toBeNull();
  });
});

describe('a deactivated account', () => {
  it('no longer opens with its password on this device, and is listed until its work is dealt with', async () => {
    const storage = memoryStorage();
    await rememberDeviceLogin('ana@demo.co', 'demo1234', user, storage);
    await rememberDeviceLogin('luis@demo.co', 'demo1234', { ...user, id: 8, correo: 'luis@demo.co' }, storage);
    const entry = { db: 'radica-1-7', correo: 'ana@demo.co', nombre: 'Ana', pendientes: 2, at: '2026-11-27T14:00:00.000Z' };
    retireDeviceLogin(entry, storage);
    retireDeviceLogin({ ...entry, pendientes: 3 }, storage);
    expect(await verifyDeviceLogin('ana@demo.co', 'demo1234', storage)).toBeNull();
    expect(await verifyDeviceLogin('luis@demo.co', 'demo1234', storage)).toMatchObject({ id: 8 });
    expect(retiredAccounts(storage)).toEqual([{ ...entry, pendientes: 3 }]);
    forgetRetiredAccount('radica-1-7', storage);
    expect(retiredAccounts(storage)).toEqual([]);
  });
});
