/**
 * The operator's identity for the legal pages, from the LEGAL_* environment variables.
 * Invariants: all five variables or none (a partial identity would print a half-filled legal
 * text, so it stops the start with a message naming what is missing); none configured means
 * "not published" (null), except in the demo, which shows the demo operator below.
 */
import * as v from 'valibot';
import { IdentidadOperadorSchema, type IdentidadOperador } from '../../../../src/domain/legal';

/** Variable → field of the identity. */
export const LEGAL_ENV = {
  LEGAL_RAZON_SOCIAL: 'razon_social',
  LEGAL_NIT: 'nit',
  LEGAL_DOMICILIO: 'domicilio',
  LEGAL_CORREO: 'correo',
  LEGAL_VIGENCIA: 'vigencia',
} as const satisfies Record<string, keyof IdentidadOperador>;
export type LegalEnvName = keyof typeof LEGAL_ENV;

/** What the demo (`npm start` with the demo data) shows: plainly a demonstration, not a real company. */
export const OPERADOR_DEMO: IdentidadOperador = {
  razon_social: 'Radica Demostración S.A.S.',
  nit: '900.000.000-0',
  domicilio: 'Carrera 54 # 68-80, Barranquilla, Atlántico',
  correo: 'legal@radica-demo.co',
  vigencia: '1 de noviembre de 2026',
};

export class LegalConfigError extends Error {}

/**
 * The identity from `env`: the five LEGAL_* values when all are set, null when none is, the demo
 * operator when none is and `demo` holds. A partial set throws LegalConfigError naming the rest.
 */
export function identidadOperador(
  env: Partial<Record<LegalEnvName, string | undefined>>,
  opts: { demo?: boolean } = {},
): IdentidadOperador | null {
  const names = Object.keys(LEGAL_ENV) as LegalEnvName[];
  const set = names.filter((n) => (env[n] ?? '').trim() !== '');
  if (set.length === 0) return opts.demo ? OPERADOR_DEMO : null;
  const missing = names.filter((n) => !set.includes(n));
  if (missing.length) {
    throw new LegalConfigError(
      `Faltan ${missing.join(', ')}: la identidad del operador de las páginas legales necesita las cinco variables LEGAL_* o ninguna.`,
    );
  }
  const raw = Object.fromEntries(names.map((n) => [LEGAL_ENV[n], env[n]]));
  const parsed = v.safeParse(IdentidadOperadorSchema, raw);
  if (!parsed.success) {
    const field = String(parsed.issues[0].path?.[0]?.key ?? '');
    const name = names.find((n) => LEGAL_ENV[n] === field) ?? 'LEGAL_*';
    throw new LegalConfigError(`${name}: debe ser un texto de 1 a 300 caracteres.`);
  }
  return parsed.output;
}
