/**
 * The six entity schemas of the form. They come from the local mirror of the company's
 * definitions (filled by pull), so the form opens offline and follows configuration changes as
 * soon as a pull brings them. Before the first pull has finished they are fetched once from
 * `GET /api/schema/{entity}`; if that fails the spec's fallback fields are used.
 * A `fieldConfigChanged` window event (sent by the configuration screen after a save) asks the
 * sync worker for a pull right away.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getMeta, type RadicaDB } from '../../db/database';
import { FALLBACK_FIELDS, formFields, registroSchemas } from '../../domain/campos-fijos';
import { FORM_ENTITIES, type EntitySchema, type FormEntity } from '../../domain/field-definition';
import type { RegistroSchemas } from '../../domain/registro';
import { ApiError, NETWORK_MESSAGE, apiJson } from '../../lib/api';
import { syncClientAtom } from '../../state/local-data';

export type SchemaLoad =
  | { status: 'loading' }
  | { status: 'waiting'; loaded: number; total: number }
  | { status: 'ready'; schemas: RegistroSchemas }
  | { status: 'error'; message: string; schemas: RegistroSchemas };

export const FIELD_CONFIG_CHANGED = 'fieldConfigChanged';

type Remote =
  | { status: 'idle' }
  | { status: 'loading'; loaded: Partial<Record<FormEntity, EntitySchema>> }
  | { status: 'done'; schemas: RegistroSchemas }
  | { status: 'error'; message: string };

export function useFormSchemas(db: RadicaDB, token: string | null): SchemaLoad {
  const local = useLiveQuery(
    async () => ({ defs: await db.definiciones.toArray(), cursor: (await getMeta(db, 'cursor')) ?? 0 }),
    [db],
  );
  const client = useAtomValue(syncClientAtom);
  const [remote, setRemote] = useState<Remote>({ status: 'idle' });
  const mirrored = !!local && local.cursor > 0;

  const fetchRemote = useCallback(async () => {
    const loaded: Partial<Record<FormEntity, EntitySchema>> = {};
    setRemote({ status: 'loading', loaded: {} });
    try {
      for (const entity of FORM_ENTITIES) {
        loaded[entity] = await apiJson<EntitySchema>(`/api/schema/${entity}`, { token });
        setRemote({ status: 'loading', loaded: { ...loaded } });
      }
      const schemas = {} as Record<FormEntity, ReturnType<typeof formFields>>;
      for (const entity of FORM_ENTITIES) schemas[entity] = formFields(loaded[entity]!);
      setRemote({ status: 'done', schemas });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : NETWORK_MESSAGE;
      setRemote({ status: 'error', message });
    }
  }, [token]);

  useEffect(() => {
    if (local && !mirrored && remote.status === 'idle') void fetchRemote();
  }, [local, mirrored, remote.status, fetchRemote]);

  useEffect(() => {
    const onChange = () => {
      if (client) void client.syncNow().catch(() => undefined);
      if (!mirrored) void fetchRemote();
    };
    window.addEventListener(FIELD_CONFIG_CHANGED, onChange);
    return () => window.removeEventListener(FIELD_CONFIG_CHANGED, onChange);
  }, [client, mirrored, fetchRemote]);

  return useMemo((): SchemaLoad => {
    if (!local) return { status: 'loading' };
    if (mirrored) return { status: 'ready', schemas: registroSchemas(local.defs) };
    switch (remote.status) {
      case 'done':
        return { status: 'ready', schemas: remote.schemas };
      case 'error':
        return { status: 'error', message: remote.message, schemas: FALLBACK_FIELDS };
      case 'loading':
        return { status: 'waiting', loaded: Object.keys(remote.loaded).length, total: FORM_ENTITIES.length };
      default:
        return { status: 'loading' };
    }
  }, [local, mirrored, remote]);
}
