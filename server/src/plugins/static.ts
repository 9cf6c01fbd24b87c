/**
 * Serves the built PWA from dist/. Every non-/api GET that is not a file falls back to index.html
 * (client-side routes); /api paths never do and answer a JSON 404.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { errorBody } from './errors';

export default fp(async function staticPlugin(app: FastifyInstance, opts: { distDir?: string }) {
  const dist = opts.distDir;
  const hasDist = !!dist && existsSync(`${dist}/index.html`);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (/\/assets\//.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api') || !hasDist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'La ruta solicitada no existe.'));
    }
    if (/\.[a-z0-9]{2,5}$/i.test(path)) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'El archivo solicitado no existe.'));
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
