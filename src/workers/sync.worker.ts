/**
 * The sync worker's entry: exposes the sync API over Comlink. One worker per tab; the engine
 * inside takes a Web Lock so only one tab pushes and pulls a database at a time.
 */
import * as Comlink from 'comlink';
import { createSyncApi } from './sync-api';

Comlink.expose(createSyncApi());
