/**
 * Password guessing against one account from one address. The per-minute limits (10 per address
 * and e-mail, 30 per address) reset every minute, so one address could try 10 passwords a minute
 * against the same account all day long: 14,400 guesses a day. A longer window per address and
 * e-mail (by default six times the per-minute limit, per hour: 60) now caps that at 1,440 a day,
 * with a Spanish message and Retry-After; other e-mails from the same address and the same e-mail
 * from another address are not held back. (It counts every attempt, successful ones too: 60
 * logins an hour to one account from one address is far above any person's use.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { freshDatabase, JWT_SECRET } from './helpers';
import { seedDemo } from '../../server/src/db/seed';
import { buildApp } from '../../server/src/app';
import { LOGIN_HORA_AGOTADA } from '../../server/src/modules/auth/routes';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const { database, drop } = await freshDatabase();
  await seedDemo(database.db);
  app = await buildApp({ db: database.db, jwtSecret: JWT_SECRET, loginRateLimit: 1000, loginIpRateLimit: 1000, loginHourlyLimit: 5 });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(() => close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('guessing the password of one account from one address', () => {
  it('is refused with 429 past the longer window, even with the right password; other e-mails and addresses go on', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin@demo.co', `adivina${i}99`)).statusCode).toBe(401);
    for (const password of ['adivina-otra', 'demo1234']) {
      const res = await login('ADMIN@demo.co ', password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: LOGIN_HORA_AGOTADA });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(LOGIN_HORA_AGOTADA).toMatch(/^Demasiados intentos/);
    expect((await login('supervisor@demo.co', 'demo1234')).statusCode).toBe(200);
    expect((await login('admin@demo.co', 'demo1234', '10.1.2.3')).statusCode).toBe(200);
  });
});
