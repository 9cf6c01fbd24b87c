/**
 * Users (spec 01 §7 'usuarios') and the own profile. The user administration is for admin and
 * supervisor (declared here and checked again in the service); the profile is for everyone signed
 * in. Each write runs the same service function as its sync mutation, in one transaction.
 * Paths: GET|POST /api/usuarios, GET|PUT|DELETE /api/usuarios/:id, PUT /api/perfil (the spec does
 * not show the profile call; a separate path keeps it out of the admin-only routes) and
 * POST /api/perfil/contrasena (own password; rate-limited per IP and user like the login).
 */
import type { FastifyInstance } from 'fastify';
import { rateLimitHook } from '../../plugins/rate-limit-hook';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { staffHashKey, withHashedPasswords } from '../../lib/password';
import { AppError } from '../../../../src/domain/errors';
import {
  CambioContrasenaSchema,
  CedulaSchema,
  PerfilSchema,
  UsuarioCambiosSchema,
  UsuarioNuevoSchema,
} from '../../../../src/domain/usuario';
import {
  crearUsuario,
  editarPerfil,
  editarUsuario,
  eliminarUsuario,
  getUsuario,
  listUsuarios,
  USUARIO_NO_EXISTE,
} from './service';
import { cambiarContrasena } from './contrasena';
import { usuarioCambiaCorreo, withinCorreoBudget, type CorreoLimit } from './correo-limit';

const MANAGERS = { roles: ['admin', 'supervisor'] as const };

/** info_extra may arrive as a JSON string (the spec: "info_extra is parsed and cleaned"). */
function withParsedInfoExtra(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  if (typeof b.info_extra !== 'string') return b;
  try {
    return { ...b, info_extra: b.info_extra.trim() ? JSON.parse(b.info_extra) : {} };
  } catch {
    throw new AppError('VALIDATION', 'info_extra no es un JSON válido.', { fields: { info_extra: 'JSON inválido' } });
  }
}

function idParam(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1) throw new AppError('NOT_FOUND', USUARIO_NO_EXISTE);
  return id;
}

export const PerfilBody = v.object({
  ...PerfilSchema.entries,
  cedula: v.optional(CedulaSchema),
  rol: v.optional(v.string()),
  empresa: v.optional(v.string()),
  empresa_id: v.optional(v.union([v.string(), v.number()])),
});

export default async function usuariosRoutes(
  app: FastifyInstance,
  opts: { jwtKey: Uint8Array; rateLimit: number; hourlyLimit: number; correoLimit: CorreoLimit; usuariosCorreoLimit: CorreoLimit },
) {
  // The login's hourly cap too, per user whatever the address: a stolen session guessing the
  // current password gets no more tries in an hour than a login does (its own counter, like the
  // login's: a route's config.rateLimit runs one limiter per request).
  const contrasenaPerHour = rateLimitHook(app, {
    max: opts.hourlyLimit,
    timeWindow: '1 hour',
    keyGenerator: (req) => `perfil-contrasena-hora|${req.auth?.id ?? req.ip}`,
  });

  app.get('/api/usuarios', { config: MANAGERS }, async (request) => {
    return { ok: true, data: await listUsuarios(app.db, requireUser(request)) };
  });

  app.get('/api/usuarios/:id', { config: MANAGERS }, async (request) => {
    return { ok: true, data: await getUsuario(app.db, requireUser(request), idParam(request.params)) };
  });

  // Creating a user, or giving one another e-mail, tells whether the address is taken in any
  // company: each counts in the user administration's budget (correo-limit.ts), like the mutations.
  const withinBudget = withinCorreoBudget(opts.usuariosCorreoLimit);

  app.post('/api/usuarios', { config: MANAGERS, preHandler: withinBudget }, async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(UsuarioNuevoSchema, withParsedInfoExtra(request.body ?? {}));
    // The password is hashed before the transaction opens (withHashedPasswords).
    const data = await withHashedPasswords([body.contraseña], () => app.db.transaction((tx) => crearUsuario(tx, user, body)), staffHashKey(user));
    return reply.status(201).send({ ok: true, data });
  });

  app.put(
    '/api/usuarios/:id',
    {
      config: MANAGERS,
      preHandler: async (request, reply) => {
        const target = Number((request.params as { id?: unknown }).id);
        if (await usuarioCambiaCorreo(app.db, requireUser(request), target, request.body)) await withinBudget(request, reply);
      },
    },
    async (request) => {
      const user = requireUser(request);
      const usuarioId = idParam(request.params);
      const changes = parseInput(UsuarioCambiosSchema, withParsedInfoExtra(request.body ?? {}));
      const data = await withHashedPasswords(
        [changes.contraseña],
        () => app.db.transaction((tx) => editarUsuario(tx, user, { usuarioId, changes })),
        staffHashKey(user),
      );
      return { ok: true, data };
    },
  );

  app.delete('/api/usuarios/:id', { config: MANAGERS }, async (request) => {
    const user = requireUser(request);
    const usuarioId = idParam(request.params);
    const data = await app.db.transaction((tx) => eliminarUsuario(tx, user, { usuarioId }));
    return { ok: true, data };
  });

  app.post(
    '/api/perfil/contrasena',
    {
      preHandler: contrasenaPerHour,
      config: {
        // A stolen session must not be able to guess the current password: as many tries as a login.
        rateLimit: {
          max: opts.rateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `perfil-contrasena|${req.ip}|${req.auth?.id ?? ''}`,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = parseInput(CambioContrasenaSchema, request.body ?? {});
      return { ok: true, data: await cambiarContrasena(app.db, opts.jwtKey, user, body) };
    },
  );

  app.put(
    '/api/perfil',
    {
      // The e-mail must be unique across companies, so the answer tells whether an address is
      // taken: a session may ask that as often as it may try a login, no more. The perfil.editar
      // mutation counts in the same budget (correo-limit.ts).
      preHandler: withinCorreoBudget(opts.correoLimit),
    },
    async (request) => {
      const user = requireUser(request);
      const body = parseInput(PerfilBody, request.body ?? {});
      const data = await app.db.transaction((tx) => editarPerfil(tx, user, body));
      return { ok: true, data };
    },
  );
}
