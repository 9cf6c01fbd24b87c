/**
 * Every environment variable the server reads, validated once at start by ONE valibot schema.
 *
 * How to add a variable (other modules do; keep it to these three steps):
 *   1. add one entry to `ENV` below: a schema whose messages say what is wrong in Spanish and
 *      English (use the helpers `text`, `integer`, `flag`, `url`), a default when it has one, and
 *      a one-line comment saying what it does;
 *   2. read it from the `Config` that `loadConfig()` returns (passed down through StartOptions /
 *      AppOptions), never from `process.env` in a module;
 *   3. add a row to the README's "Configuration" table.
 * An empty value (`PORT=`) counts as unset. Unknown variables are ignored (the environment holds
 * much more than ours). A bad value stops the start with a message naming the variable and exit
 * code 2 (`readConfigOrExit`).
 *
 * Test-only hooks that are not configuration stay out of here: RADICA_FAULT (server/src/lib/faults.ts,
 * ignored when NODE_ENV=production).
 */
import * as v from 'valibot';

const bi = (es: string, en: string) => `${es} / ${en}`;

/** Any non-empty string. */
const text = () => v.string();

/** An integer within [min, max] written in decimal. */
const integer = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, bi(`debe ser un número entero entre ${min} y ${max}`, `must be an integer between ${min} and ${max}`)),
    v.transform(Number),
    v.number(),
    v.minValue(min, bi(`debe ser un número entero entre ${min} y ${max}`, `must be an integer between ${min} and ${max}`)),
    v.maxValue(max, bi(`debe ser un número entero entre ${min} y ${max}`, `must be an integer between ${min} and ${max}`)),
  );

/** 1/true/yes/on or 0/false/no/off. */
const flag = () =>
  v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(
      ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'],
      bi('debe ser 1 o 0 (true o false)', 'must be 1 or 0 (true or false)'),
    ),
    v.transform((s) => ['1', 'true', 'yes', 'on'].includes(s)),
  );

/** A URL whose scheme is one of `schemes` (without the colon). */
const url = (schemes: readonly string[], example: string) =>
  v.pipe(
    v.string(),
    v.check((s) => {
      try {
        return schemes.includes(new URL(s).protocol.slice(0, -1));
      } catch {
        return false;
      }
    }, bi(`debe ser una URL como ${example}`, `must be a URL like ${example}`)),
  );

/**
 * TRUST_PROXY as Fastify's `trustProxy`: unset/0/false = off, 1/true = trust every proxy, a number
 * of hops (2, 3…), or a comma-separated list of proxy addresses/CIDRs.
 */
const trustProxy = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s): boolean | number | string => {
      const lower = s.toLowerCase();
      if (['0', 'false', 'no', 'off'].includes(lower)) return false;
      if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
      if (/^\d+$/.test(s)) return Number(s);
      return s;
    }),
  );

/** A legal text: 1 to 300 characters. */
const legalText = () =>
  v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300, bi('debe tener como máximo 300 caracteres', 'must be at most 300 characters long')));

/** The schema: one entry per variable. Order = the order errors are reported in. */
export const ENV = {
  // ---- serving ----------------------------------------------------------------------------
  /** HTTP port. */
  PORT: v.optional(integer(0, 65535), '3000'),
  /** Address to listen on. */
  HOST: v.optional(text(), '0.0.0.0'),
  /** Folder of the embedded database (DATA_DIR/pg) and the generated JWT secret. */
  DATA_DIR: v.optional(text(), './data'),
  /** PostgreSQL server; unset = embedded PGlite in DATA_DIR/pg. */
  DATABASE_URL: v.optional(url(['postgres', 'postgresql'], 'postgres://usuario:clave@host:5432/base')),
  /** HS256 signing secret; unset = generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(32, bi('debe tener al menos 32 caracteres', 'must be at least 32 characters long')),
    ),
  ),
  /** Login attempts per minute per IP and e-mail. */
  LOGIN_RATE_LIMIT: v.optional(integer(1, 1_000_000), '10'),
  /** Login attempts per minute per IP, whatever the e-mail. */
  LOGIN_IP_RATE_LIMIT: v.optional(integer(1, 1_000_000), '30'),
  /** Public tracking requests (lookup, file, upload) per minute per IP and route. */
  SEGUIMIENTO_RATE_LIMIT: v.optional(integer(1, 1_000_000), '30'),
  /** Document downloads per minute per signed-in user. */
  DESCARGAS_RATE_LIMIT: v.optional(integer(1, 1_000_000), '60'),
  /** Password hashes (scrypt, ~128 MB each) run at once per process; more wait in a short queue. */
  PASSWORD_HASH_CONCURRENCY: v.optional(integer(1, 64), '2'),
  /** Processes of start:cluster; unset = one per core. */
  WORKERS: v.optional(integer(1, 1024)),
  /** Request logging (0 = off). */
  LOG: v.optional(flag(), '1'),
  /** Seed the demo companies and users into an empty database at start (production: off). */
  SEED_DEMO: v.optional(flag(), '0'),

  // ---- behind a load balancer ---------------------------------------------------------------
  /** Take the client address from X-Forwarded-For (see trustProxy above). */
  TRUST_PROXY: v.optional(trustProxy(), '0'),

  // ---- e-mail ---------------------------------------------------------------------------------
  /** SMTP relay for queued e-mails (smtp:// or smtps://); unset = e-mails stay queued. */
  SMTP_URL: v.optional(url(['smtp', 'smtps'], 'smtp://usuario:clave@host:587')),
  /** Sender address of those e-mails. */
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, bi('no puede estar vacío', 'must not be empty')))),

  // ---- operations -----------------------------------------------------------------------------
  /** Bearer token of GET /api/metrics; unset = the route answers 404. */
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(16, bi('debe tener al menos 16 caracteres', 'must be at least 16 characters long')),
    ),
  ),

  // ---- legal pages ----------------------------------------------------------------------------
  // The operator named by /terminos-condiciones and /acuerdo-firma (server/src/modules/legal):
  // all five or none; none = the pages say the operator has not published its details (the
  // demo start shows a demo operator).
  /** Razón social of the operator. */
  LEGAL_RAZON_SOCIAL: v.optional(legalText()),
  /** Its NIT, as it should read ('900.123.456-7'). */
  LEGAL_NIT: v.optional(legalText()),
  /** Its domicilio (address and city). */
  LEGAL_DOMICILIO: v.optional(legalText()),
  /** Its contact e-mail for legal matters. */
  LEGAL_CORREO: v.optional(v.pipe(v.string(), v.trim(), v.email(bi('debe ser un correo electrónico', 'must be an e-mail address')))),
  /** The date the current texts apply from, as it should read ('1 de enero de 2027'). */
  LEGAL_VIGENCIA: v.optional(legalText()),
} satisfies v.ObjectEntries;

export const EnvSchema = v.object(ENV);
export type Config = v.InferOutput<typeof EnvSchema>;
export type EnvName = keyof typeof ENV;

export class ConfigError extends Error {
  constructor(readonly problems: { name: string; message: string }[]) {
    super(
      [
        'Configuración inválida / Invalid configuration:',
        ...problems.map((p) => `  ${p.name}: ${p.message}`),
      ].join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Validates `env` (default: process.env) against ENV; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const ours: Record<string, string> = {};
  for (const name of Object.keys(ENV)) {
    const value = env[name];
    if (value !== undefined && value !== '') ours[name] = value;
  }
  const result = v.safeParse(EnvSchema, ours, { abortPipeEarly: true });
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const name = String(issue.path?.[0]?.key ?? '?');
    const shown = /SECRET|TOKEN|PASSWORD|URL/.test(name) ? '' : ` (${JSON.stringify(ours[name])})`;
    return { name, message: `${issue.message}${shown}` };
  });
  throw new ConfigError(problems);
}

/** For entry points: the config, or a message on stderr and exit code 2. */
export function readConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
