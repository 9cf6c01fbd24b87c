/** POST /api/auth/login (public, rate-limited per IP and e-mail) and GET /api/validate-token. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { currentUser, login } from './service';

const LoginBody = v.object({
  email: v.pipe(v.optional(v.string('El email es obligatorio'), ''), v.trim(), v.minLength(1, 'El email es obligatorio'), v.maxLength(254)),
  password: v.pipe(v.optional(v.string('La contraseña es obligatoria'), ''), v.minLength(1, 'La contraseña es obligatoria'), v.maxLength(200)),
});

export default async function authRoutes(
  app: FastifyInstance,
  opts: { jwtKey: Uint8Array; loginRateLimit: number },
) {
  app.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => {
            const body = (req.body ?? {}) as Record<string, unknown>;
            const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
            return `${req.ip}|${email}`;
          },
        },
      },
    },
    async (request, reply) => {
      const body = parseInput(LoginBody, request.body ?? {});
      try {
        const data = await login(app.db, opts.jwtKey, body.email, body.password);
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

  app.get('/api/validate-token', async (request) => {
    const user = await currentUser(app.db, requireUser(request));
    return { ok: true, data: { valid: true, usuario: user } };
  });
}
