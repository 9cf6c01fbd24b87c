/**
 * The Fastify app as a plugin-assembled instance, testable with `inject`. It owns no process
 * state: the database handle and the JWT key are passed in, so many processes can run side by side.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { openapiCollector, openapiRoutes } from './plugins/openapi';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import type { Db } from './db/client';
import dbPlugin from './plugins/db';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import authPlugin from './plugins/auth';
import staticPlugin from './plugins/static';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { passwordGate } from './lib/password';
import healthRoutes from './modules/health/routes';
import metricsPlugin from './modules/metrics/routes';
import authRoutes from './modules/auth/routes';
import dashboardRoutes from './modules/dashboard/routes';
import syncRoutes from './modules/sync/routes';
import solicitudesRoutes from './modules/solicitudes/routes';
import { radicadoBudget } from './modules/seguimiento/radicado-budget';
import seguimientoRoutes from './modules/seguimiento/routes';
import etapasRoutes from './modules/seguimiento/etapas-routes';
import usuariosRoutes from './modules/usuarios/routes';
import { perfilCorreoLimit, usuariosCorreoLimit } from './modules/usuarios/correo-limit';
import formularioRoutes from './modules/formulario/routes';
import notificacionesRoutes from './modules/notificaciones/routes';
import revisionesRoutes from './modules/revisiones/routes';
import configuracionRoutes from './modules/configuracion/routes';
import registroRoutes from './modules/registro/routes';
import estadisticasRoutes from './modules/estadisticas/routes';
import auditRoutes from './modules/audit/routes';
import uploadsRoutes from './modules/uploads/routes';
import legalRoutes from './modules/legal/routes';
import emailRoutes from './modules/email/routes';
import type { IdentidadOperador } from '../../src/domain/legal';

export interface AppOptions {
  db: Db;
  jwtSecret: string;
  distDir?: string;
  logger?: boolean;
  /** Login attempts per minute per IP and e-mail. */
  loginRateLimit?: number;
  /** Login attempts per minute per IP, whatever the e-mail (default 30). */
  loginIpRateLimit?: number;
  /** Login attempts per hour per IP and e-mail (default six times loginRateLimit: 60 an hour). */
  loginHourlyLimit?: number;
  /** Public tracking requests per minute per IP and route. */
  seguimientoRateLimit?: number;
  /** Document downloads (GET /api/documentos/:id) per minute per user (default 60). */
  descargasRateLimit?: number;
  /** Password hashes running at once in this process (default 2). */
  hashConcurrency?: number;
  /**
   * Where rate-limit counters live: 'database' (the `rate_limits` table, shared by every process
   * on one PostgreSQL) or 'memory' (this process only; PGlite and tests). Default 'memory'.
   */
  rateLimitStore?: 'memory' | 'database';
  /** Fastify's trustProxy (TRUST_PROXY): the client address comes from X-Forwarded-For. Off by default. */
  trustProxy?: boolean | number | string;
  /** The operator's identity for the legal pages (LEGAL_* variables); null or absent = not published. */
  legal?: IdentidadOperador | null;
  /** Bearer token of GET /api/metrics; unset = the route answers 404. */
  metricsToken?: string;
}

/**
 * TRUST_PROXY as Fastify takes it. A number is the count of proxies in front of the server: the
 * client address is the one that many hops back in X-Forwarded-For (Fastify itself would trust
 * none for a bare number).
 */
function trustProxyOption(value: AppOptions['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    trustProxy: trustProxyOption(opts.trustProxy),
    // The spec writes some paths with a trailing slash (`/api/usuarios/`, `/api/edit-record/`,
    // `/api/descargar-ventas/`): every route answers with and without it, from one registration.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  if (opts.hashConcurrency) passwordGate.configure({ concurrency: opts.hashConcurrency });
  const jwtKey = new TextEncoder().encode(opts.jwtSecret);

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db: opts.db });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // No /api answer may stay in the browser's HTTP cache: they hold applicants' personal data, and
  // neither 'Salir' nor the device wipe can empty that cache. An answer that set its own
  // Cache-Control (downloads, the legal operator's identity) keeps it; the PWA's files keep theirs
  // (plugins/static.ts). The hijacked tus answers set the same in uploads/routes.ts.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Pragma', 'no-cache');
    }
    done(null, payload);
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(opts.rateLimitStore === 'database' ? { store: postgresRateLimitStore(opts.db) } : {}),
  });
  // Before the auth plugin and every route: it collects the routes for /api/openapi.json.
  await app.register(openapiCollector);
  await app.register(authPlugin, { jwtKey });
  // Before every route, so its request timing covers them all.
  await app.register(metricsPlugin, { token: opts.metricsToken });

  // Whether an e-mail is taken: asked by PUT /api/perfil or the perfil.editar mutation, one budget;
  // by the user administration's routes and mutations, another, three times as large.
  const correoLimit = perfilCorreoLimit(app, opts.loginRateLimit ?? 10);
  const usuariosCorreo = usuariosCorreoLimit(app, 3 * (opts.loginRateLimit ?? 10));

  await app.register(healthRoutes);
  await app.register(openapiRoutes);
  await app.register(authRoutes, {
    jwtKey,
    loginRateLimit: opts.loginRateLimit ?? 10,
    loginIpRateLimit: opts.loginIpRateLimit ?? 30,
    loginHourlyLimit: opts.loginHourlyLimit ?? 6 * (opts.loginRateLimit ?? 10),
  });
  await app.register(dashboardRoutes);
  await app.register(solicitudesRoutes);
  await app.register(syncRoutes, { correoLimit, usuariosCorreoLimit: usuariosCorreo });
  // One counter for every public request that names a filing number (radicado-budget.ts).
  const radicadoLimit = radicadoBudget(app, opts.seguimientoRateLimit ?? 30);
  await app.register(seguimientoRoutes, { rateLimit: opts.seguimientoRateLimit ?? 30, radicadoLimit });
  await app.register(etapasRoutes);
  await app.register(usuariosRoutes, {
    jwtKey,
    rateLimit: opts.loginRateLimit ?? 10,
    hourlyLimit: opts.loginHourlyLimit ?? 6 * (opts.loginRateLimit ?? 10),
    correoLimit,
    usuariosCorreoLimit: usuariosCorreo,
  });
  await app.register(formularioRoutes);
  await app.register(notificacionesRoutes);
  await app.register(configuracionRoutes);
  await app.register(registroRoutes, { descargasRateLimit: opts.descargasRateLimit ?? 60 });
  await app.register(estadisticasRoutes);
  await app.register(auditRoutes);
  await app.register(emailRoutes);
  await app.register(revisionesRoutes);
  await app.register(uploadsRoutes, { rateLimit: opts.seguimientoRateLimit ?? 30, radicadoLimit });
  await app.register(legalRoutes, { operador: opts.legal ?? null });

  await app.register(staticPlugin, { distDir: opts.distDir });
  return app;
}
