/**
 * 'Gestión Categorías': the company's categories from the local mirror, with create, edit and
 * delete; a table on wide screens, cards on small ones (at the same width as 'Configuración Campos').
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { getMeta, type RadicaDB } from '../../db/database';
import { categoriaNameError, type Categoria } from '../../domain/categoria';
import { useMinWidth } from '../../lib/use-wide';
import { syncClientAtom, syncStatusAtom } from '../../state/local-data';
import { errorText, useOfflineLock, type ConfigWrite } from './config-api';
import { CategoryEditor, type CategoriaDraft } from './category-editor';
import { useCategorias } from './use-config-data';
import { btn, ErrorBox, input, label, Modal } from './ui';

function NameDialog({ existing, onClose, onNext }: { existing: string[]; onClose: () => void; onNext: (name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const next = () => {
    const n = name.trim();
    const err = categoriaNameError(n) ?? (existing.includes(n) ? `La categoría "${n}" ya existe.` : null);
    if (err) return setError(err);
    onNext(n);
  };
  return (
    <Modal
      title="Nueva Categoría"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className={btn.primary} onClick={next}>
            Continuar
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
        className="space-y-2"
      >
        <label className={label} htmlFor="cat-nombre">
          Nombre de la categoría
        </label>
        <input id="cat-nombre" className={input} value={name} onChange={(e) => setName(e.target.value)} placeholder="por ejemplo: tipos_vivienda" />
        <ErrorBox>{error}</ErrorBox>
      </form>
    </Modal>
  );
}

export function CategoriesTab({ db, write }: { db: RadicaDB; write: ConfigWrite }) {
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const data = useCategorias(db, attempt);
  const cursor = useLiveQuery(async () => (await getMeta(db, 'cursor')) ?? 0, [db]);
  const status = useAtomValue(syncStatusAtom);
  const client = useAtomValue(syncClientAtom);
  const [editing, setEditing] = useState<{ cat: Categoria; isNew: boolean } | null>(null);
  const lock = useOfflineLock();
  const wide = useMinWidth(768);

  const rows = data?.rows ?? [];
  // Never pulled and the sync failed: nothing to show but the error.
  const neverLoaded = cursor === 0 && rows.length === 0 && (status?.state === 'error' || status?.state === 'offline');
  // Once shown, the error stays until something is loaded: each retry of the sync engine passes
  // through 'syncing', and flipping to the empty state and back would move Reintentar under the
  // user's finger.
  const [stuck, setStuck] = useState(false);
  const loaded = (cursor ?? 0) > 0 || rows.length > 0;
  if (neverLoaded && !stuck) setStuck(true);
  if (loaded && stuck) setStuck(false);
  const failed = !!data?.error || neverLoaded || (stuck && !loaded);

  const retry = () => {
    setAttempt((a) => a + 1);
    void client?.syncNow().catch(() => undefined);
  };

  const openEdit = (name: string) => {
    const cat = rows.find((r) => r.categoria === name);
    if (!cat) {
      toast.error('Error cargando categoría');
      return;
    }
    setEditing({ cat, isNew: false });
  };

  const remove = async (name: string) => {
    if (!(await askConfirm({ title: 'Eliminar categoría', message: `¿Eliminar la categoría "${name}"?`, confirmLabel: 'Eliminar' }))) return;
    try {
      await write('DELETE', `/configuraciones/${encodeURIComponent(name)}`);
      toast.success('Categoría eliminada');
    } catch (err) {
      toast.error('Error eliminando categoría', { description: errorText(err, '') || undefined });
    }
  };

  const save = async (draft: CategoriaDraft, isNew: boolean): Promise<boolean> => {
    try {
      await write(isNew ? 'POST' : 'PUT', `/configuraciones/${encodeURIComponent(draft.categoria)}`, {
        descripcion: draft.descripcion,
        configuracion: draft.configuracion,
        activo: draft.activo,
      });
      toast.success(isNew ? 'Categoría creada' : 'Categoría actualizada');
      return true;
    } catch (err) {
      toast.error('Error guardando categoría', { description: errorText(err, '') || undefined });
      return false;
    }
  };

  const estado = (c: Categoria) => (c.activo ? <Badge color="green">Activo</Badge> : <Badge color="gray">Inactivo</Badge>);
  const actions = (c: Categoria) => (
    <div className="flex gap-2">
      <button type="button" className={btn.small} {...lock} onClick={() => openEdit(c.categoria)} aria-label={`Editar ${c.categoria}`}>
        Editar
      </button>
      <button type="button" className={`${btn.small} text-red-700`} {...lock} onClick={() => void remove(c.categoria)} aria-label={`Eliminar ${c.categoria}`}>
        Eliminar
      </button>
    </div>
  );

  let body;
  if (failed) {
    body = (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">Error al cargar categorías</p>
        <button type="button" className={`${btn.secondary} mt-3`} onClick={retry}>
          Reintentar
        </button>
      </div>
    );
  } else if (!data) {
    body = <Spinner />;
  } else if (rows.length === 0) {
    body = <p className="rounded-lg bg-white p-8 text-center text-slate-700 shadow ring-1 ring-slate-200">No hay categorías configuradas</p>;
  } else if (wide) {
    body = (
      <div className="overflow-x-auto rounded-lg bg-white shadow ring-1 ring-slate-200">
        <table className="w-full text-left">
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              <th className="px-4 py-3">Categoría</th>
              <th className="px-4 py-3">Descripción</th>
              <th className="px-4 py-3">Estado</th>
              <th className="px-4 py-3">Acciones</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((c) => (
              <tr key={c.categoria} data-testid={`categoria-${c.categoria}`}>
                <td className="px-4 py-2 font-semibold text-slate-900">{c.categoria}</td>
                <td className="px-4 py-2 text-slate-700">{c.descripcion}</td>
                <td className="px-4 py-2">{estado(c)}</td>
                <td className="px-4 py-2">{actions(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    // Small screens: one card per category with its buttons in view (the table's last column fell
    // off a phone's edge).
    body = (
      <ul className="space-y-3" aria-label="Categorías">
        {rows.map((c) => (
          <li key={c.categoria} data-testid={`categoria-${c.categoria}`} className="rounded-lg bg-white p-4 shadow ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{c.categoria}</p>
                <p className="text-sm break-words text-slate-700">{c.descripcion}</p>
              </div>
              {estado(c)}
            </div>
            <div className="mt-3 flex justify-end">{actions(c)}</div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">Listas configurables de la empresa (ciudades, bancos y otras).</p>
        <button type="button" className={btn.primary} {...lock} onClick={() => setCreating(true)}>
          Nueva Categoría
        </button>
      </div>
      {body}
      {creating && (
        <NameDialog
          existing={rows.map((r) => r.categoria)}
          onClose={() => setCreating(false)}
          onNext={(name) => {
            setCreating(false);
            setEditing({ cat: { categoria: name, descripcion: '', activo: true, configuracion: [] }, isNew: true });
          }}
        />
      )}
      {editing && (
        <CategoryEditor
          initial={editing.cat}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onSave={(d) => save(d, editing.isNew)}
        />
      )}
    </div>
  );
}
