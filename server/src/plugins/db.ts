/** Makes the drizzle database available as `app.db`. The caller owns opening and closing it. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp(async function dbPlugin(app: FastifyInstance, opts: { db: Db }) {
  app.decorate('db', opts.db);
});
