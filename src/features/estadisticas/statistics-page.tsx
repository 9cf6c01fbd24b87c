/**
 * /statistics: the type selector (usuarios for admin and supervisor only), the period selector
 * for rendimiento and completas, Actualizar. Each answer is stored in Dexie; what is drawn is the
 * stored snapshot of the selected type and period, refreshed from the server on every visit and
 * Actualizar. When the server cannot be reached the last snapshot stays, marked 'Datos del {fecha}'.
 * A period change on completas reads only rendimiento (the one part a period changes) and puts it
 * with the generales and financieras of the whole completas read just before on this screen
 * (`composeCompletas`): at 50,000 applications that is about 0.2-0.5 s of server work instead of
 * 0.8-1.7 s.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { StatRow } from '../../db/database';
import {
  ESTADISTICAS_TIPOS,
  PERIODO_DEFECTO,
  PERIODOS_DIAS,
  TIPOS_CON_PERIODO,
  type EstadisticasCompletas,
  type EstadisticasPorTipo,
  type EstadisticasTipo,
} from '../../domain/estadisticas';
import { isAdminOrSupervisor } from '../../domain/roles';
import type { Session } from '../../domain/session';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { formatDateTime } from './format';
import { CompletasView, FinancierasView, GeneralesView, RendimientoView, UsuariosView } from './sections';
import { isOfflineFailure, loadStats, screenError, statsKey, type CompletasBase } from './stats-source';

const TIPO_LABELS: Record<EstadisticasTipo, string> = {
  generales: 'Generales',
  rendimiento: 'Rendimiento',
  financieras: 'Financieras',
  completas: 'Completas',
  usuarios: 'Usuarios',
};

const SELECT =
  'min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-blue-700';

export default function StatisticsPage() {
  const state = useAtomValue(sessionAtom);
  if (state.status !== 'authenticated') return null;
  return <StatisticsView session={state.session} />;
}

/**
 * How long the period-free parts of a whole completas read (generales, financieras) serve the
 * period changes that follow it on this screen; after that, or on Actualizar, or when completas is
 * chosen again, completas is read whole.
 */
const COMPLETAS_BASE_MS = 5 * 60_000;

/** The outcome of the last read of one key. */
type Outcome = { key: string; kind: 'fresh' } | { key: string; kind: 'offline' | 'refused'; message: string };

function StatisticsView({ session }: { session: Session }) {
  const db = useLocalDb();
  const { user, token } = session;
  const tipos = ESTADISTICAS_TIPOS.filter((t) => t !== 'usuarios' || isAdminOrSupervisor(user.rol));
  const [tipo, setTipo] = useState<EstadisticasTipo>('generales');
  const [dias, setDias] = useState<number>(PERIODO_DEFECTO);
  const [reload, setReload] = useState(0);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The last whole completas read of this visit, and the Actualizar count it was made under.
  const completasBase = useRef<{ base: CompletasBase; reload: number; at: number; userId: number } | null>(null);
  const key = statsKey(tipo, dias);
  const withPeriod = TIPOS_CON_PERIODO.includes(tipo);

  // null = no snapshot stored; undefined = still reading. useLiveQuery keeps the previous key's
  // row until the new read resolves, so a row is used only when it is the selected key's.
  const stored = useLiveQuery(async (): Promise<StatRow | null> => (await db.stats.get(key)) ?? null, [db, key]);
  const snapshot = stored && stored.key === key ? stored : stored === null ? null : undefined;

  useEffect(() => {
    let current = true;
    setLoadingKey(key);
    const startedAt = Date.now();
    const prior = completasBase.current;
    // A period change on completas asks for rendimiento alone (the only part the period changes).
    const base =
      tipo === 'completas' && prior && prior.reload === reload && prior.userId === user.id && startedAt - prior.at < COMPLETAS_BASE_MS
        ? prior.base
        : undefined;
    if (tipo !== 'completas') completasBase.current = null;
    loadStats(db, token, tipo, dias, base).then(
      (data) => {
        if (!current) return;
        if (tipo === 'completas' && !base) {
          const { generales, financieras } = data as EstadisticasCompletas;
          completasBase.current = { base: { generales, financieras }, reload, at: startedAt, userId: user.id };
        }
        setOutcome({ key, kind: 'fresh' });
      },
      (e: unknown) => {
        if (!current) return;
        const message = screenError(tipo, e);
        setOutcome({ key, kind: isOfflineFailure(e) ? 'offline' : 'refused', message });
        if (!isOfflineFailure(e)) toast.error(message);
      },
    ).finally(() => {
      if (current) setLoadingKey(null);
    });
    return () => {
      current = false;
    };
  }, [db, token, user.id, tipo, dias, key, reload]);

  const loading = loadingKey === key;
  const result = outcome?.key === key ? outcome : null;
  const refused = result && result.kind === 'refused' ? result.message : null;
  const showStale = !!snapshot && result?.kind !== 'fresh' && !refused;

  return (
    <section className="mx-auto max-w-7xl space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Estadísticas</h1>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Tipo de estadísticas
            <select className={SELECT} value={tipo} onChange={(e) => setTipo(e.target.value as EstadisticasTipo)}>
              {tipos.map((t) => (
                <option key={t} value={t}>
                  {TIPO_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          {withPeriod && (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Período
              <select className={SELECT} value={dias} onChange={(e) => setDias(Number(e.target.value))}>
                {PERIODOS_DIAS.map((d) => (
                  <option key={d} value={d}>
                    {d} días
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            onClick={() => setReload((n) => n + 1)}
            disabled={loading}
            aria-busy={loading}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-70"
          >
            {loading && (
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" data-testid="spinner" />
            )}
            {loading ? 'Cargando...' : 'Actualizar'}
          </button>
        </div>
      </header>

      {showStale && snapshot?.updatedAt && (
        <p className="rounded-md border border-slate-300 bg-slate-100 px-4 py-2 text-sm text-slate-800" role="status" data-testid="snapshot-date">
          Datos del {formatDateTime(snapshot.updatedAt)}
          {result?.kind === 'offline' ? ' (sin conexión con el servidor)' : ''}
        </p>
      )}

      {refused ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900" role="alert">
          {refused}
        </p>
      ) : snapshot ? (
        <StatsBody tipo={tipo} data={snapshot.data} session={session} />
      ) : result?.kind === 'offline' ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900" role="alert">
          {result.message}. Sin conexión y sin datos guardados de estas estadísticas.
        </p>
      ) : (
        <div className="flex justify-center py-16 text-slate-700" role="status">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700" />
            Cargando...
          </span>
        </div>
      )}
    </section>
  );
}

function StatsBody({ tipo, data, session }: { tipo: EstadisticasTipo; data: unknown; session: Session }) {
  switch (tipo) {
    case 'generales':
      return <GeneralesView data={data as EstadisticasPorTipo['generales']} user={session.user} />;
    case 'rendimiento':
      return <RendimientoView data={data as EstadisticasPorTipo['rendimiento']} />;
    case 'financieras':
      return <FinancierasView data={data as EstadisticasPorTipo['financieras']} />;
    case 'completas':
      return <CompletasView data={data as EstadisticasPorTipo['completas']} />;
    case 'usuarios':
      return <UsuariosView data={data as EstadisticasPorTipo['usuarios']} user={session.user} />;
  }
}
