import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV, loadConfig } from './config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.name);
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOGIN_RATE_LIMIT: 10,
      LOGIN_IP_RATE_LIMIT: 30,
      SEGUIMIENTO_RATE_LIMIT: 30,
      DESCARGAS_RATE_LIMIT: 60,
      PASSWORD_HASH_CONCURRENCY: 2,
      LOG: true,
      SEED_DEMO: false,
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.WORKERS).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('converts numbers and flags, and treats an empty value as unset', () => {
    const config = loadConfig({
      PORT: '4026',
      LOGIN_RATE_LIMIT: '50',
      WORKERS: '3',
      SEED_DEMO: 'true',
      LOG: '0',
      TRUST_PROXY: '2',
      DATABASE_URL: '',
      DATABASE: 'not ours, ignored',
    });
    expect(config).toMatchObject({ PORT: 4026, LOGIN_RATE_LIMIT: 50, WORKERS: 3, SEED_DEMO: true, LOG: false, TRUST_PROXY: 2 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOGIN_RATE_LIMIT', '0'],
    ['WORKERS', '-1'],
    ['SEED_DEMO', 'maybe'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail.example.co'],
    ['METRICS_TOKEN', 'abc'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(problems({ [name]: value })).toEqual([name]);
  });

  it('reports every bad variable at once, in Spanish and English, never echoing a secret', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', JWT_SECRET: 'abc', DATABASE_URL: 'mysql://u:clave-secreta@h/d' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Configuración inválida / Invalid configuration');
    expect(message).toMatch(/PORT: debe ser un número entero entre 0 y 65535 \/ must be an integer between 0 and 65535 \("x"\)/);
    expect(message).toMatch(/JWT_SECRET: debe tener al menos 32 caracteres \/ must be at least 32 characters long/);
    expect(message).toMatch(/DATABASE_URL: debe ser una URL como/);
    expect(message).not.toContain('clave-secreta');
    expect(message).not.toContain('"abc"');
  });

  it("declares every variable the README's configuration table lists", () => {
    for (const name of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'JWT_SECRET', 'LOGIN_RATE_LIMIT', 'WORKERS', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY', 'METRICS_TOKEN', 'SEED_DEMO'])
      expect(Object.keys(ENV)).toContain(name);
  });
});

describe('the server entry point', () => {
  it('stops before doing anything with exit code 2 and the variable named on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: 'ochenta', DATA_DIR: '/nonexistent/radica-config-test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT: debe ser un número entero');
  }, 60_000);
});
