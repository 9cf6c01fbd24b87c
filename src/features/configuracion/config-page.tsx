/**
 * /config (admin and supervisor; the route guard sends anyone else to /): three tabs over the
 * company's configuration mirrored in the local store. Writes need a connection (config-api.ts).
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { orderedFixedFields } from '../../lib/fixed-field-order';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { CategoriesTab } from './categories-tab';
import { OFFLINE_MESSAGE, OFFLINE_REASON_ID, useConfigOffline, useConfigWrite, useOfflineLock } from './config-api';
import { EntityConfigurator } from './entity-configurator';
import { FieldsTab, groupFields } from './fields-tab';
import { FIELD_GROUPS, type FieldGroup } from './groups';
import { NewFieldModal } from './new-field-modal';
import { TableTab } from './table-tab';
import { useColumnas, useDefaultColumnas, useDefiniciones } from './use-config-data';
import { btn } from './ui';

type Tab = 'campos' | 'tabla' | 'categorias';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'campos', label: 'Configuración Campos' },
  { id: 'tabla', label: 'Configuración Tabla' },
  { id: 'categorias', label: 'Gestión Categorías' },
];

export default function ConfigPage() {
  const db = useLocalDb();
  const state = useAtomValue(sessionAtom);
  const empresaId = state.status === 'authenticated' ? state.session.user.empresa_id : 0;
  const offline = useConfigOffline();
  const write = useConfigWrite();
  const [tab, setTab] = useState<Tab>('campos');
  const lock = useOfflineLock();
  const [open, setOpen] = useState<FieldGroup | null>(null);
  const [creating, setCreating] = useState(false);
  const definitions = useDefiniciones(db);
  const columnas = useColumnas(db);
  const defaultColumnas = useDefaultColumnas(db);

  // The fixed fields' order lives in this browser; re-read it when a reorder is announced.
  const [fixedVersion, setFixedVersion] = useState(0);
  useEffect(() => {
    const onChange = () => setFixedVersion((v) => v + 1);
    window.addEventListener('fieldConfigChanged', onChange);
    return () => window.removeEventListener('fieldConfigChanged', onChange);
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fixedVersion re-reads localStorage
  const fixed = useMemo(() => orderedFixedFields(empresaId), [empresaId, fixedVersion]);

  const onKeyTabs = (e: React.KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length];
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  return (
    <section className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Configuración</h1>
        {tab === 'campos' && (
          <button
            type="button"
            className={btn.primary}
            {...lock}
            onClick={() => setCreating(true)}
          >
            Crear Nuevo
          </button>
        )}
      </div>

      {offline && (
        <p id={OFFLINE_REASON_ID} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {OFFLINE_MESSAGE}
        </p>
      )}

      <div role="tablist" aria-label="Secciones de configuración" className="flex gap-1 overflow-x-auto border-b border-slate-300">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKeyTabs(e, i)}
            // On a phone the three share the width, each on two lines, all in view; wider, each on one line.
            className={`min-h-11 flex-1 border-b-2 px-2 py-2 text-sm leading-tight font-semibold sm:flex-none sm:shrink-0 sm:px-4 sm:text-base sm:whitespace-nowrap ${
              tab === t.id ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'campos' &&
          (definitions ? (
            <FieldsTab definitions={definitions} fixed={fixed} write={write} onEdit={setOpen} />
          ) : (
            <Spinner />
          ))}
        {tab === 'tabla' && (columnas && defaultColumnas ? <TableTab columnas={columnas} defaults={defaultColumnas} definitions={definitions ?? []} write={write} /> : <Spinner />)}
        {tab === 'categorias' && <CategoriesTab db={db} write={write} />}
      </div>

      {open && definitions && (
        <EntityConfigurator
          key={open.entity}
          group={open}
          fields={groupFields(definitions, open, fixed)}
          empresaId={empresaId}
          write={write}
          onClose={() => setOpen(null)}
        />
      )}
      {creating && definitions && (
        <NewFieldModal
          groups={FIELD_GROUPS.filter((g) => !g.fixed)}
          fieldsOf={(g) => groupFields(definitions, g, fixed)}
          write={write}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
