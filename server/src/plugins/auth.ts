/**
 * Authentication, tenancy and roles, enforced in one place every route goes through.
 * Each route declares `config.access` ('public' or 'auth', default 'auth') and optionally `roles`
 * or `permission`. For authenticated routes: a missing, invalid or stale token is a 401; an
 * `empresa_id` query parameter or `X-Empresa-Id`/`X-User-Id` header that differs from the token is
 * a 403; a role outside the route's list is a 403. The company and the user always come from the
 * token, never from the request.
 *
 * A session of a deleted user (soft delete, `usuarios.deleted_at`) is a 401 with its own code,
 * CUENTA_DESACTIVADA, on every authenticated route (REST, sync pull/push, validate-token): no new
 * login can cure it, and the device must know that to stop syncing and remove the company's data
 * instead of asking for a password forever. Only a token that was current when the user was
 * deleted gets it (the deletion bumps the token version by one); any other token of that user is an
 * ordinary 401, so a stale token learns nothing new. The login itself answers a deleted user as an
 * unknown e-mail (modules/auth/service.ts), so the password reveals nothing either. A company
 * cannot be deleted or deactivated (no such state exists), so the user is the only thing checked.
 *
 * A token ended by 'Salir' (its `jti` in `sesiones_revocadas`, POST /api/auth/logout) is an ordinary
 * 401. The list is read in the same query as the user, on every request: no process keeps a copy,
 * so a logout answered by one process holds in all of them at once.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { AppError, CUENTA_DESACTIVADA_MESSAGE } from '../../../src/domain/errors';
import { can, normalizeRole, type Permission, type Role } from '../../../src/domain/roles';
import { verifyToken } from '../lib/jwt';
import { sesionesRevocadas, usuarios } from '../db/schema';

export interface AuthUser {
  id: number;
  empresaId: number;
  rol: Role;
  nombre: string;
  correo: string;
  cedula: string;
  /** For role banco: the bank whose applications this user sees. */
  bancoNombre: string | null;
}

export interface RouteInfo {
  method: string;
  url: string;
  access: 'public' | 'auth';
  roles?: readonly Role[];
  permission?: Permission;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: 'public' | 'auth';
    roles?: readonly Role[];
    permission?: Permission;
  }
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

const UNAUTH = 'Tu sesión no es válida o expiró. Inicia sesión de nuevo.';
/** A request that names no user at all (spec 01 §8, profile: 'No hay usuario autenticado'). */
export const NO_USER = 'No hay usuario autenticado';

/** A user row as the routes see it, with its role already checked. */
export function authUserOf(row: typeof usuarios.$inferSelect, rol: Role): AuthUser {
  const info = (row.infoExtra ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    empresaId: row.empresaId,
    rol,
    nombre: row.nombre,
    correo: row.correo,
    cedula: row.cedula,
    // A blank bank is no bank (a banco user without one sees nothing).
    bancoNombre: typeof info.banco_nombre === 'string' && info.banco_nombre.trim() ? info.banco_nombre.trim() : null,
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null for any other header. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

/** The authenticated user of a route declared with access 'auth'. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', NO_USER);
  return request.auth;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { jwtKey: Uint8Array }) {
  app.decorateRequest('auth', null);
  app.decorate('routeTable', [] as RouteInfo[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeTable.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'auth',
        roles: route.config?.roles,
        permission: route.config?.permission,
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api')) return;
    if (config.access === 'public') return;

    const header = request.headers.authorization ?? '';
    if (!header.trim()) throw new AppError('UNAUTHENTICATED', NO_USER);
    const token = bearerToken(header);
    if (!token) throw new AppError('UNAUTHENTICATED', UNAUTH);
    let claims;
    try {
      claims = await verifyToken(opts.jwtKey, token);
    } catch {
      throw new AppError('UNAUTHENTICATED', UNAUTH);
    }
    const id = Number(claims.sub);
    if (!Number.isInteger(id)) throw new AppError('UNAUTHENTICATED', UNAUTH);
    // One round trip: the user and whether this token was ended by a logout.
    const revocada = claims.jti
      ? sql<boolean>`exists (select 1 from ${sesionesRevocadas} where ${sesionesRevocadas.jti} = ${claims.jti})`
      : sql<boolean>`false`;
    const [found] = await app.db.select({ row: usuarios, revocada }).from(usuarios).where(eq(usuarios.id, id)).limit(1);
    if (found?.revocada) throw new AppError('UNAUTHENTICATED', UNAUTH);
    const row = found?.row;
    if (row?.deletedAt) {
      if (row.empresaId === claims.emp && claims.tv === row.tokenVersion - 1) {
        throw new AppError('CUENTA_DESACTIVADA', CUENTA_DESACTIVADA_MESSAGE);
      }
      throw new AppError('UNAUTHENTICATED', UNAUTH);
    }
    const rol = normalizeRole(row?.rol);
    if (!row || !rol || row.empresaId !== claims.emp || row.tokenVersion !== claims.tv) {
      throw new AppError('UNAUTHENTICATED', UNAUTH);
    }

    // Tenancy: what the request claims must match the token.
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const claimed of [query.empresa_id, request.headers['x-empresa-id']]) {
      if (claimed !== undefined && String(claimed) !== String(row.empresaId)) {
        throw new AppError('FORBIDDEN', 'No tienes acceso a los datos de otra empresa.');
      }
    }
    const claimedUser = request.headers['x-user-id'];
    if (claimedUser !== undefined && String(claimedUser) !== String(row.id)) {
      throw new AppError('FORBIDDEN', 'El usuario indicado no coincide con la sesión.');
    }

    request.auth = authUserOf(row, rol);

    if (config.roles && !config.roles.includes(rol)) {
      throw new AppError('FORBIDDEN', 'Tu rol no tiene permiso para esta acción.');
    }
    if (config.permission && !can(rol, config.permission)) {
      throw new AppError('FORBIDDEN', 'Tu rol no tiene permiso para esta acción.');
    }
  });
});
