/**
 * 'Creditos': the credits list over the local store. This module wires the list's state (search
 * and dates for the visit; filters, order and page size kept per user on the device) to the query
 * (use-credit-list.ts) and picks the layout: a table from desktop width, cards below it.
 */
import { useAtomValue } from 'jotai';
import { useDeferredValue, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { Button } from '../../components/ui/button';
import { Pagination, pageCount } from '../../components/ui/pagination';
import { can } from '../../domain/roles';
import type { Session } from '../../domain/session';
import { syncStatusAtom, useLocalDb } from '../../state/local-data';
import { useConflictsBySolicitud } from '../../state/problems';
import { sessionAtom } from '../../state/session';
import { CreditsCards } from './credits-cards';
import { CreditsTable } from './credits-table';
import { useListPrefs } from './list-prefs';
import { ListToolbar, type ToolbarValues } from './list-toolbar';
import { resultadosTexto } from './resultados';
import { SalesButton } from './sales-button';
import { SortPicker } from './sort-controls';
import { SyncProgress } from './sync-progress';
import { useCreditList } from './use-credit-list';
import { useBancosEmpresa, useColumns, useEstados } from './use-list-config';
import { useWide } from '../../lib/use-wide';

export interface CreditsPageProps {
  /** Called with the solicitud id when a row is activated (the edit modal opens it). */
  onOpen?: (id: string) => void;
  /** Opens the creation form; the 'Nuevo Cliente' button shows when given and the role may create. */
  onNew?: () => void;
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

const EMPTY = 'rounded-lg bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200';

function CreditsView({ session, onOpen, onNew }: { session: Session } & CreditsPageProps) {
  const db = useLocalDb();
  const [visit, setVisit] = useState({ query: '', desde: '', hasta: '' });
  const { query, desde, hasta } = visit;
  const [page, setPage] = useState(1);
  const [prefs, setPrefs] = useListPrefs(session.user.empresa_id, session.user.id);
  const { pageSize, estados: estadosFiltro, banco, sort } = prefs;
  const deferredQuery = useDeferredValue(query);
  const estados = useEstados(db);
  const { rows, total, loading } = useCreditList(db, { query: deferredQuery, desde, hasta, page, pageSize, estados: estadosFiltro, banco, sort, estadoOrder: estados });
  const columns = useColumns(db);
  const bancos = useBancosEmpresa(db);
  const conflicts = useConflictsBySolicitud();
  const wide = useWide();
  // The first page after a login may come before its count (see useCreditList).
  const counted = total !== null;
  const pages = pageCount(total ?? 0, pageSize);
  const ctx = { estados, canChange: can(session.user.rol, 'change_status'), conflicts };
  // A device that has never finished a sync has an empty list because nothing has arrived yet,
  // not because there are no applications: say so instead of 'No hay solicitudes…'.
  const sync = useAtomValue(syncStatusAtom);
  const neverSynced = !sync?.lastSyncAt && !query && !desde && !hasta && estadosFiltro.length === 0 && !banco;
  const downloading = neverSynced && (!sync || sync.state === 'syncing');

  // The data may shrink under the current page (a sync, another filter): stay on a real page.
  useEffect(() => {
    if (!loading && counted && page > pages) setPage(pages);
  }, [loading, counted, page, pages]);

  const onFilter = (patch: Partial<ToolbarValues>) => {
    const { estados: e, banco: b, ...forVisit } = patch;
    if (e !== undefined) setPrefs({ estados: e });
    if (b !== undefined) setPrefs({ banco: b });
    if (Object.keys(forVisit).length > 0) setVisit((v) => ({ ...v, ...forVisit }));
    setPage(1);
  };
  const onSort = (next: typeof sort) => {
    setPrefs({ sort: next });
    setPage(1);
  };

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

      <ListToolbar values={{ ...visit, estados: estadosFiltro, banco }} onChange={onFilter} estadoOptions={estados} bancoOptions={bancos}>
        {!wide && <SortPicker sort={sort} onSort={onSort} />}
      </ListToolbar>

      <SyncProgress />
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="resultados">
        {loading ? 'Cargando...' : total === null ? 'Contando...' : total === 0 && downloading ? 'Descargando...' : resultadosTexto(total)}
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
        <p className={EMPTY}>Las solicitudes aún no se han descargado en este dispositivo. Se descargarán al sincronizar.</p>
      ) : rows.length === 0 ? (
        <p className={EMPTY}>No hay solicitudes que coincidan con la búsqueda</p>
      ) : wide ? (
        <CreditsTable
          rows={rows}
          columns={columns}
          ctx={ctx}
          caption={counted ? `Solicitudes de crédito, página ${page} de ${pages}` : 'Solicitudes de crédito'}
          sort={sort}
          onSort={onSort}
          onOpen={onOpen}
        />
      ) : (
        <CreditsCards rows={rows} columns={columns} ctx={ctx} onOpen={onOpen} />
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
