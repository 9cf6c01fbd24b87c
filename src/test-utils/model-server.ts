/**
 * A tiny in-memory model of the sync server (ARCHITECTURE.md §6) for unit tests of the client
 * engine. Not our server: just the protocol's rules (ids in order, skipped ≤ last with the stored
 * result, gap = 400, per-field conflicts on `base`, a change log read by cursor) and fault hooks.
 */
import * as v from 'valibot';
import { AppError } from '../domain/errors';
import { MUTATION_SCHEMAS, isMutationName } from '../domain/mutations';
import type { SolicitudRecord } from '../domain/solicitud';
import type {
  Change,
  MutationEnvelope,
  MutationResult,
  PullResponse,
  PushBody,
  PushResponse,
} from '../domain/sync-protocol';
import {
  TransportError,
  type PullRequest,
  type SyncTransport,
  type UploadRequest,
} from '../sync/transport';

type Op = 'push' | 'pull' | 'upload';
interface Fault {
  op: Op;
  /** 'after': the server did the work but the answer is lost. */
  when: 'before' | 'after';
  error: TransportError;
}

export function makeRecord(
  id: string,
  overrides: { estado?: string; nombres?: string; banco?: string } = {},
): SolicitudRecord {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    id,
    solicitante: {
      id: `${id.slice(0, 8)}-0000-4000-8000-000000000001`,
      nombres: overrides.nombres ?? 'Ana María',
      primer_apellido: 'Gómez',
      segundo_apellido: null,
      correo: 'ana@example.co',
      numero_documento: '1020304050',
      tipo_identificacion: 'CC',
      fecha_nacimiento: null,
      genero: null,
      info_extra: { celular: '300 123 4567' },
    },
    ubicacion: null,
    actividad_economica: null,
    informacion_financiera: null,
    solicitud: {
      id,
      estado: overrides.estado ?? 'Pendiente',
      banco_nombre: overrides.banco ?? 'Bancolombia',
      ciudad_solicitud: 'Bogotá',
      tipo_credito: null,
      detalle_credito: {},
      preferencias_notificacion: { email: true, sms: false },
      radicado: null,
      created_by_user_id: 1,
      assigned_to_user_id: null,
      created_at: at,
      updated_at: at,
    },
    referencias: [],
    observaciones: [],
    documentos: [],
  };
}

function readField(record: SolicitudRecord, path: string): unknown {
  let node: unknown = record;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | null)?.[part];
  return node;
}

function writeField(record: SolicitudRecord, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = record as unknown as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class ModelServer implements SyncTransport {
  readonly solicitudes = new Map<string, SolicitudRecord>();
  readonly uploads = new Map<string, UploadRequest>();
  readonly pushes: PushBody[] = [];
  readonly pulls: PullRequest[] = [];
  /** How many mutations were really applied (a duplicate would show here). */
  appliedCount = 0;
  faults: Fault[] = [];
  /**
   * A bug the server hits: a new mutation for which this answers true makes the push a 500 at
   * that point (the earlier ones of the batch stay applied, like the real server's per-mutation
   * transactions).
   */
  crashesOn: ((m: MutationEnvelope) => boolean) | null = null;
  validToken = 'token';
  private token = 'token';
  private seq = 0;
  private readonly log: { seq: number; id: string }[] = [];
  private readonly clients = new Map<
    string,
    { last: number; results: Map<number, MutationResult> }
  >();
  private owner = new Map<string, string>();
  /** The user behind the current token (403 when a clientId is reused by another). */
  user = 'u1';
  /**
   * The user's visibility scope sent with every page (none by default, like an older server), and
   * the rows it lets them see: a first pull skips the others, a later one sends their tombstones.
   */
  scope: string | undefined = undefined;
  sees: (record: SolicitudRecord) => boolean = () => true;
  /**
   * Serves a first sync's newest-first pass (`recent`) and the floor after it, like this project's
   * server; off, it is an older server that ignores both.
   */
  passes = false;
  /** No network between the device and this server: every call fails at once with status 0. */
  unreachable = false;

  setToken(token: string): void {
    this.token = token;
  }

  fail(
    op: Op,
    status: number,
    when: 'before' | 'after' = 'before',
    message = 'Falla simulada',
    code?: AppError['code'],
  ): void {
    this.faults.push({ op, when, error: new TransportError(status, message, code) });
  }

  /** A change made on the server by someone else. */
  serverPut(record: SolicitudRecord): void {
    this.solicitudes.set(record.id, structuredClone(record));
    this.log.push({ seq: ++this.seq, id: record.id });
  }

  serverEdit(id: string, edit: (r: SolicitudRecord) => void): void {
    const record = this.solicitudes.get(id);
    if (!record) throw new Error(`no ${id}`);
    edit(record);
    this.log.push({ seq: ++this.seq, id });
  }

  serverDelete(id: string): void {
    this.solicitudes.delete(id);
    this.log.push({ seq: ++this.seq, id });
  }

  lastMutationId(clientId: string): number {
    return this.clients.get(clientId)?.last ?? 0;
  }

  private fault(op: Op, when: 'before' | 'after'): void {
    const i = this.faults.findIndex((f) => f.op === op && f.when === when);
    if (i >= 0) throw this.faults.splice(i, 1)[0].error;
  }

  private auth(): void {
    if (this.unreachable) throw new TransportError(0, 'Failed to fetch');
    if (this.token !== this.validToken)
      throw new TransportError(401, 'Sesión expirada', 'UNAUTHENTICATED');
  }

  async push(body: PushBody): Promise<PushResponse> {
    this.auth();
    this.fault('push', 'before');
    const input = structuredClone(body);
    this.pushes.push(input);
    const bound = this.owner.get(input.clientId);
    if (bound && bound !== this.user)
      throw new TransportError(403, 'Este dispositivo pertenece a otro usuario.', 'FORBIDDEN');
    this.owner.set(input.clientId, this.user);
    const client = this.clients.get(input.clientId) ?? { last: 0, results: new Map() };
    this.clients.set(input.clientId, client);
    const results: MutationResult[] = [];
    for (const m of input.mutations) {
      if (m.id <= client.last) {
        results.push({
          ...(client.results.get(m.id) ?? { id: m.id }),
          id: m.id,
          status: 'skipped',
        });
        continue;
      }
      if (m.id !== client.last + 1)
        throw new TransportError(400, 'Falta una mutación anterior.', 'VALIDATION');
      if (this.crashesOn?.(m)) throw new TransportError(500, 'Error interno del servidor.', 'INTERNAL');
      const result = this.apply(m);
      client.results.set(m.id, result);
      client.last = m.id;
      results.push(result);
    }
    this.fault('push', 'after');
    return { lastMutationId: client.last, results };
  }

  private apply(m: MutationEnvelope): MutationResult {
    try {
      if (!isMutationName(m.name)) throw new AppError('VALIDATION', 'Operación desconocida.');
      if (m.name === 'sync.omitir') return { id: m.id, status: 'applied' };
      // The model knows the application mutations only.
      if (m.name !== 'solicitud.cambiarEstado' && m.name !== 'solicitud.editar') {
        throw new AppError('VALIDATION', 'Operación no soportada por el modelo.');
      }
      const args = v.parse(MUTATION_SCHEMAS[m.name], m.args);
      const record = this.solicitudes.get(args.solicitudId);
      if (!record) throw new AppError('NOT_FOUND', 'La solicitud no existe.');
      const changes: Record<string, unknown> =
        'changes' in args ? args.changes : 'estado' in args ? { 'solicitud.estado': args.estado } : {};
      const base: Record<string, unknown> =
        'changes' in args ? args.base : 'estado' in args ? { 'solicitud.estado': args.base.estado } : {};
      const conflicts: Record<string, { base: unknown; server: unknown; mine: unknown }> = {};
      for (const [path, seen] of Object.entries(base)) {
        const server = readField(record, path);
        if (!same(server, seen))
          conflicts[path === 'solicitud.estado' ? 'estado' : path] = {
            base: seen,
            server,
            mine: changes[path],
          };
      }
      if (Object.keys(conflicts).length) {
        return {
          id: m.id,
          status: 'rejected',
          code: 'CONFLICT',
          error: 'Otro usuario cambió estos datos.',
          conflict: { fields: conflicts },
        };
      }
      if (String(changes['solicitante.correo'] ?? '').endsWith('@bloqueado.co')) {
        throw new AppError('VALIDATION', 'El correo no es válido.');
      }
      for (const [path, value] of Object.entries(changes)) writeField(record, path, value);
      this.appliedCount += 1;
      this.log.push({ seq: ++this.seq, id: record.id });
      return { id: m.id, status: 'applied' };
    } catch (error) {
      const e = error instanceof AppError ? error : new AppError('VALIDATION', 'Datos inválidos.');
      return { id: m.id, status: 'rejected', code: e.code, error: e.message };
    }
  }

  async pull(request: PullRequest): Promise<PullResponse> {
    this.auth();
    this.fault('pull', 'before');
    this.pulls.push(structuredClone(request));
    const response = this.passes && request.recent ? this.passPage(request, request.recent) : this.cursorPage(request);
    this.fault('pull', 'after');
    return response;
  }

  private cursorPage(request: PullRequest): PullResponse {
    const from = this.passes ? Math.max(request.cursor, request.floor ?? 0) : request.cursor;
    const toChange = (c: { id: string }): Change[] => {
      const row = this.solicitudes.get(c.id);
      if (row && !this.sees(row)) return from === 0 ? [] : [{ entity: 'solicitud', id: c.id, op: 'del' }];
      return row
        ? [{ entity: 'solicitud', id: c.id, op: 'put', row: structuredClone(row) }]
        : [{ entity: 'solicitud', id: c.id, op: 'del' }];
    };
    const after = this.log.filter((c) => c.seq > from);
    const page = after.slice(0, request.limit);
    return {
      cursor: page.length ? page[page.length - 1].seq : Math.max(request.cursor, from),
      more: after.length > page.length,
      lastMutationId: this.lastMutationId(request.clientId),
      ...(this.scope === undefined ? {} : { scope: this.scope }),
      ...(this.passes && request.total ? { total: after.flatMap(toChange).length } : {}),
      changes: page.flatMap(toChange),
    };
  }

  /**
   * Newest first (created_at, then id), the visible applications before `before` (and from
   * `from`, a range of the pass, which may hold up to twice the page); a full page without lower
   * bound also gives the stops of the next pages.
   */
  private passPage(request: PullRequest, recent: NonNullable<PullRequest['recent']>): PullResponse {
    const key = (r: { created_at: string; id: string }) => `${r.created_at} ${r.id}`;
    const keyOf = (r: SolicitudRecord) => key({ created_at: r.solicitud.created_at, id: r.id });
    const visible = [...this.solicitudes.values()].filter(this.sees).sort((a, b) => (keyOf(a) < keyOf(b) ? 1 : -1));
    const { before, from } = recent;
    const rest = visible.filter((r) => (!before || keyOf(r) < key(before)) && (!from || keyOf(r) >= key(from)));
    const cap = from ? 2 * request.limit : request.limit;
    const page = rest.slice(0, cap);
    const position = (r: SolicitudRecord) => ({ created_at: r.solicitud.created_at, id: r.id });
    const last = page.length === cap ? position(page[cap - 1]) : null;
    const after = last && !from ? rest.slice(cap) : [];
    return {
      cursor: 0,
      more: true,
      lastMutationId: this.lastMutationId(request.clientId),
      ...(this.scope === undefined ? {} : { scope: this.scope }),
      ...(request.total ? { total: visible.length } : {}),
      recent: {
        floor: recent.floor ?? this.seq,
        before: last ?? from ?? null,
        ...(last && !from ? { stops: after.filter((_, i) => (i + 1) % request.limit === 0).map(position) } : {}),
      },
      changes: page.map((r) => ({ entity: 'solicitud', id: r.id, op: 'put', row: structuredClone(r) })),
    };
  }

  async upload(file: UploadRequest): Promise<void> {
    this.auth();
    this.fault('upload', 'before');
    this.uploads.set(file.id, file);
    this.fault('upload', 'after');
  }
}
