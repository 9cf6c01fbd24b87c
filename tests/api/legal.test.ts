/**
 * GET /api/legal/operador: public, answers the operator identity the server was started with
 * (LEGAL_* variables), or null when none is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { freshDatabase, JWT_SECRET } from './helpers';
import type { Database } from '../../server/src/db/client';

const OPERADOR = {
  razon_social: 'Créditos del Caribe S.A.S.',
  nit: '901.234.567-8',
  domicilio: 'Calle 77 # 59-35, Barranquilla',
  correo: 'legal@creditoscaribe.co',
  vigencia: '1 de enero de 2027',
};

let database: Database;
let drop: () => Promise<void>;
let configured: FastifyInstance;
let bare: FastifyInstance;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  configured = await buildApp({ db: database.db, jwtSecret: JWT_SECRET, legal: OPERADOR });
  bare = await buildApp({ db: database.db, jwtSecret: JWT_SECRET });
});
afterAll(async () => {
  await configured.close();
  await bare.close();
  await database.close();
  await drop();
});

describe('GET /api/legal/operador', () => {
  it('answers the configured identity without a token', async () => {
    const res = await configured.inject({ method: 'GET', url: '/api/legal/operador' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { operador: OPERADOR } });
  });
  it('answers null when nothing is configured, so the pages say it is not published', async () => {
    const res = await bare.inject({ method: 'GET', url: '/api/legal/operador' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { operador: null } });
  });
});
