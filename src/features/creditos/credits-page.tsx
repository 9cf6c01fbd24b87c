import { useAtomValue } from 'jotai';
import {
  useDeferredValue,
  useEffect,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import { StatusBadge } from '../../components/ui/status-badge';
import { Spinner } from '../../components/ui/spinner';
import type { SolicitudRow } from '../../db/database';
import { normalizeEstado } from '../../domain/estados';
import { can } from '../../domain/roles';
import type { Session } from '../../domain/session';
import { syncStatusAtom, useLocalDb } from '../../state/local-data';
import { useConflictsBySolicitud } from '../../state/problems';
import { sessionAtom } from '../../state/session';
import { cellText, primaryColumnIndex, type CreditColumn } from './columns';
import { Pagination, pageCount } from '../../components/ui/pagination';
import { downloadSales } from './sales-download';
import { StatusSelect } from './status-select';
import { useCreditList } from './use-credit-list';
import { useOnline } from '../../lib/use-online';
import { useBancosEmpresa, useColumns, useEstados } from './use-list-config';
import { BancoFilter, EstadoFilter } from './list-filters';
import { useListPrefs } from './list-prefs';
import { resultadosTexto } from './resultados';
import { SyncProgress } from './sync-progress';
import { Button, buttonClass } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { DevueltaBadge } from './devuelta-badge';

export interface CreditsPageProps {
  /** Called with the solicitud id when a row is activated (the edit modal opens it). */
  onOpen?: (id: string) => void;
  /** Opens the creation form; the 'Nuevo Cliente' button shows when given and the role may create. */
  onNew?: () => void;
}

// The table from desktop width; below it (phones, tablets held upright) cards, two a row on a
// tablet, so every column, the status control included, is in view without scrolling sideways.
const WIDE = '(min-width: 1024px)';

/**
 * How a table cell gives way so the configured columns fit at 1366 px without a sideways scroll:
 * names keep a readable width, dates never break, e-mails break anywhere (they have no spaces),
 * other text breaks between words.
 */
function cellWidth(c: CreditColumn): string {
  if (c.kind === 'nombre') return 'min-w-36';
  if (c.kind === 'fecha') return 'whitespace-nowrap';
  if (c.kind === 'campo' && /correo|email/i.test(c.field ?? '')) return 'min-w-32 [overflow-wrap:anywhere]';
  return 'break-words';
}
function subscribeWide(cb: () => void) {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => true);
}

export default function CreditsPage(props: CreditsPageProps) {
  const state = useAtomValue(sessionAtom);
  if (state.status !== 'authenticated') {
    return (
      <section className="mx-auto max-w-xl p-6 text-center">
        <h1 className="text-xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-slate-700">Please log in to view customer information.</p>
      </section>
    );
  }
  return <CreditsView session={state.session} onOpen={props.onOpen} onNew={props.onNew} />;
}

const INPUT = INPUT_CLASS;

function CreditsView({ session, onOpen, onNew }: { session: Session } & CreditsPageProps) {
  const db = useLocalDb();
  const [query, setQuery] = useState('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [page, setPage] = useState(1);
  const [prefs, setPrefs] = useListPrefs(session.user.empresa_id, session.user.id);
  const { pageSize, estados: estadosFiltro, banco } = prefs;
  const deferredQuery = useDeferredValue(query);
  const { rows, total, loading } = useCreditList(db, { query: deferredQuery, desde, hasta, page, pageSize, estados: estadosFiltro, banco });
  const columns = useColumns(db);
  const estados = useEstados(db);
  const bancos = useBancosEmpresa(db);
  const conflicts = useConflictsBySolicitud();
  const wide = useWide();
  // The first page after a login may come before its count (see useCreditList).
  const counted = total !== null;
  const pages = pageCount(total ?? 0, pageSize);
  const canChange = can(session.user.rol, 'change_status');
  // A device that has never finished a sync has an empty list because nothing has arrived yet,
  // not because there are no applications: say so instead of 'No hay solicitudes…'.
  const sync = useAtomValue(syncStatusAtom);
  const neverSynced = !sync?.lastSyncAt && !query && !desde && !hasta && estadosFiltro.length === 0 && !banco;
  const downloading = neverSynced && (!sync || sync.state === 'syncing');

  // The data may shrink under the current page (a sync, another filter): stay on a real page.
  useEffect(() => {
    if (!loading && counted && page > pages) setPage(pages);
  }, [loading, counted, page, pages]);

  const rowProps = (row: SolicitudRow) => ({
    tabIndex: 0,
    'data-testid': 'credit-row',
    onClick: () => onOpen?.(row.id),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onOpen?.(row.id);
      }
    },
  });

  const renderCell = (row: SolicitudRow, column: CreditColumn, primary: boolean): ReactNode => {
    let content: ReactNode;
    if (column.kind === 'estado') {
      const estado = normalizeEstado(row.solicitud?.estado, estados);
      // The status shows once: for who may change it, the control is the badge.
      content = canChange ? <StatusSelect row={row} estados={estados} /> : <StatusBadge estado={estado} />;
    } else {
      const text = cellText(row, column);
      content = column.kind === 'nombre' ? (
          <span className="font-medium text-slate-900" data-testid="nombre">
            {text}
          </span>
        ) : text || '—';
    }
    if (!primary) return content;
    return (
      <div>
        {content}
        {row.solicitud?.radicado && (
          <div className="text-xs text-slate-600" data-testid="radicado">
            {row.solicitud.radicado}
          </div>
        )}
        <div className="flex flex-wrap gap-1">
          {conflicts.has(row.id) && <ConflictBadge />}
          {row.pending === 1 && <PendingBadge />}
          <DevueltaBadge solicitudId={row.id} />
        </div>
      </div>
    );
  };

  const primary = primaryColumnIndex(columns);

  return (
    <section aria-labelledby="creditos-titulo" className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="creditos-titulo" className="text-2xl font-bold text-slate-900">
          Creditos
        </h1>
        <div className="flex flex-wrap items-start gap-3">
          {onNew && can(session.user.rol, 'create_customer') && (
            <Button variant="primary" onClick={onNew}>
              Nuevo Cliente
            </Button>
          )}
          {can(session.user.rol, 'download_sales') && <SalesButton session={session} />}
        </div>
      </div>

      <div className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
        <label className="block text-sm font-medium text-slate-700">
          Buscar
          <input
            type="search"
            className={`${INPUT} mt-1`}
            placeholder="Nombre, documento, radicado, estado, banco…"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Fecha inicial
          <input
            type="date"
            className={`${INPUT} mt-1`}
            value={desde}
            onChange={(e) => {
              setDesde(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Fecha final
          <input
            type="date"
            className={`${INPUT} mt-1`}
            value={hasta}
            onChange={(e) => {
              setHasta(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <EstadoFilter
          estados={estados}
          selected={estadosFiltro}
          onChange={(next) => {
            setPrefs({ estados: next });
            setPage(1);
          }}
        />
        <BancoFilter
          bancos={bancos}
          value={banco}
          onChange={(next) => {
            setPrefs({ banco: next });
            setPage(1);
          }}
        />
      </div>

      <SyncProgress />
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="resultados">
        {loading
          ? 'Cargando...'
          : total === null
            ? 'Contando...'
            : total === 0 && downloading
              ? 'Descargando...'
              : resultadosTexto(total)}
      </p>

      {loading ? (
        <div className="flex justify-center py-10 text-slate-700">
          <Spinner label="Cargando solicitudes..." />
        </div>
      ) : rows.length === 0 && downloading ? (
        <div className="flex justify-center py-10 text-slate-700" data-testid="primera-descarga">
          <Spinner label="Descargando las solicitudes del servidor..." />
        </div>
      ) : rows.length === 0 && neverSynced ? (
        <p className="rounded-lg bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">
          Las solicitudes aún no se han descargado en este dispositivo. Se descargarán al sincronizar.
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">
          No hay solicitudes que coincidan con la búsqueda
        </p>
      ) : wide ? (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">
              {counted ? `Solicitudes de crédito, página ${page} de ${pages}` : 'Solicitudes de crédito'}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {columns.map((c) => (
                  <th key={c.id} scope="col" className="px-3 py-3 font-semibold text-slate-700">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr
                  key={row.id}
                  {...rowProps(row)}
                  className="cursor-pointer hover:bg-blue-50 focus:bg-blue-50 focus:outline-2 focus:outline-blue-700"
                >
                  {columns.map((c, i) => (
                    <td key={c.id} className={`px-3 py-3 align-top text-slate-800 ${cellWidth(c)}`}>
                      {renderCell(row, c, i === primary)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Solicitudes de crédito">
          {rows.map((row) => (
            <li key={row.id}>
              <div
                {...rowProps(row)}
                className="h-full cursor-pointer rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 focus:outline-2 focus:outline-blue-700"
              >
                <div className="mb-2">{columns[primary] && renderCell(row, columns[primary], true)}</div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {columns.map((c, i) =>
                    i === primary ? null : (
                      <div key={c.id} className="contents">
                        <dt className="font-medium text-slate-600">{c.header}</dt>
                        <dd className="min-w-0 break-words text-slate-900">{renderCell(row, c, false)}</dd>
                      </div>
                    ),
                  )}
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}

      {/* Shown once the rows are there: appearing under them moves nothing (no layout shift). */}
      {!loading && counted && (
        <Pagination
          page={Math.min(page, pages)}
          pages={pages}
          pageSize={pageSize}
          onPage={(p) => setPage(Math.min(Math.max(1, p), pages))}
          onPageSize={(size) => {
            setPrefs({ pageSize: size });
            setPage(1);
          }}
        />
      )}
    </section>
  );
}

function ConflictBadge() {
  return (
    <span
      data-testid="conflicto-badge"
      className="mt-1 inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset"
    >
      Conflicto
    </span>
  );
}

function PendingBadge() {
  return (
    <span className="mt-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      Sin sincronizar
    </span>
  );
}

function SalesButton({ session }: { session: Session }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const offlineText = 'Necesitas conexión para descargar las ventas';

  const onClick = async () => {
    setBusy(true);
    try {
      await downloadSales(session.token, session.user.cedula);
    } catch {
      toast.error('Error al descargar ventas');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={!online || busy}
        title={online ? undefined : offlineText}
        aria-describedby={online ? undefined : 'ventas-offline'}
        onClick={() => void onClick()}
        className={buttonClass('success')}
      >
        {busy ? 'Descargando...' : 'Descargar Ventas'}
      </button>
      {!online && (
        <span id="ventas-offline" className="text-xs text-slate-600">
          {offlineText}
        </span>
      )}
    </div>
  );
}
