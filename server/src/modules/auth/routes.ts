/**
 * POST /api/auth/login (public), POST /api/auth/logout (public, see below) and GET /api/validate-token. A login is limited per IP across all
 * e-mails (checked first, before the body is read) and per IP and e-mail, per minute and per hour
 * (the minute alone let one address try 10 passwords a minute on one account all day); its password hash waits
 * for a place in the process's hash gate, where one address holds at most four (lib/hash-gate.ts),
 * so one address sending many logins at once gets 429 with Retry-After instead of starving others.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitHook } from '../../plugins/rate-limit-hook';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { bearerToken, requireUser } from '../../plugins/auth';
import { verifyToken } from '../../lib/jwt';
import { currentUser, login, revokeToken } from './service';

export const LoginBody = v.object({
  email: v.pipe(v.optional(v.string('El email es obligatorio'), ''), v.trim(), v.minLength(1, 'El email es obligatorio'), v.maxLength(254)),
  password: v.pipe(v.optional(v.string('La contraseña es obligatoria'), ''), v.minLength(1, 'La contraseña es obligatoria'), v.maxLength(200)),
});

/** The per-hour refusal of one address guessing one account's password. */
export const LOGIN_HORA_AGOTADA = 'Demasiados intentos de inicio de sesión con este correo desde esta conexión. Inténtalo de nuevo más tarde.';

/** The e-mail a login names, as the limits count it (trimmed, lower case). */
const loginEmail = (req: FastifyRequest) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export default async function authRoutes(
  app: FastifyInstance,
  opts: { jwtKey: Uint8Array; loginRateLimit: number; loginIpRateLimit: number; loginHourlyLimit: number },
) {
  // Their own counters (plugins/rate-limit-hook.ts), checked in onRequest and preValidation,
  // besides the route's per-minute `config.rateLimit`.
  const perIp = rateLimitHook(app, { max: opts.loginIpRateLimit, timeWindow: '1 minute', keyGenerator: (req) => `login-ip|${req.ip}` });
  const perHour = rateLimitHook(
    app,
    { max: opts.loginHourlyLimit, timeWindow: '1 hour', keyGenerator: (req) => `login-hora|${req.ip}|${loginEmail(req)}` },
    LOGIN_HORA_AGOTADA,
  );
  app.post(
    '/api/auth/login',
    {
      onRequest: perIp,
      // After the body is read (the key names the e-mail), before the per-minute limit's hook.
      preValidation: perHour,
      config: {
        access: 'public',
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `login|${req.ip}|${loginEmail(req)}`,
        },
      },
    },
    async (request, reply) => {
      const body = parseInput(LoginBody, request.body ?? {});
      try {
        const data = await login(app.db, opts.jwtKey, body.email, body.password, request.ip);
        return { ok: true, ...data, data };
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'UNAUTHENTICATED') {
          return reply.status(401).send({
            ok: false,
            acceso: 'DENEGADO',
            code: 'UNAUTHENTICATED',
            error: err.message,
          });
        }
        throw err;
      }
    },
  );

  // 'Salir' and 'Borrar datos de este dispositivo': ends the session of the token the request
  // carries, and no other session of the user. Public, so that it answers the same whatever the
  // token (RFC 7009 §2.2 does the same): one already ended, expired or not ours, or none, opens
  // nothing afterwards either, and a device repeating its logout is not told its session 'expired'.
  // Only a token that verifies writes a row; one from before tokens had an id lives until its exp.
  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyToken(opts.jwtKey, token).catch(() => null) : null;
    if (claims?.jti) await revokeToken(app.db, claims.jti, claims.exp);
    return { ok: true };
  });

  app.get('/api/validate-token', async (request) => {
    const user = await currentUser(app.db, requireUser(request));
    return { ok: true, data: { valid: true, usuario: user } };
  });
}
