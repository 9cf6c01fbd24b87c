/**
 * 'Configuración Campos': the seven groups (a table on wide screens, cards on small ones). 'Campos
 * Fijos' offers no edit or delete, only 'Ordenar' (their order is kept in this browser, so it also
 * works offline); the other groups' buttons are disabled offline.
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import { toast } from 'sonner';
import type { FieldDefinition } from '../../domain/field-definition';
import { dispatchFieldConfigChanged, errorText, useOfflineLock, type ConfigWrite } from './config-api';
import { serviceErrorText } from './service-errors';
import { FIELD_GROUPS, type FieldGroup } from './groups';
import { btn } from './ui';
import { Badge } from '../../components/ui/badge';

export function groupFields(definitions: FieldDefinition[], group: FieldGroup, fixed: FieldDefinition[]): FieldDefinition[] {
  if (group.fixed) return fixed;
  return definitions.filter((d) => d.entity === group.entity && d.json_column === group.jsonColumn);
}

export function FieldsTab({
  definitions,
  fixed,
  write,
  onEdit,
}: {
  definitions: FieldDefinition[];
  fixed: FieldDefinition[];
  write: ConfigWrite;
  onEdit: (g: FieldGroup) => void;
}) {
  const lock = useOfflineLock();
  const removeGroup = async (g: FieldGroup) => {
    if (!(await askConfirm({ title: 'Eliminar configuración', message: `¿Eliminar toda la configuración de ${g.title}?`, confirmLabel: 'Eliminar' }))) return;
    try {
      await write('DELETE', `/json/definitions/${g.entity}/${g.jsonColumn}`);
      toast.success('Configuración eliminada');
      dispatchFieldConfigChanged(g.entity, g.jsonColumn, 'delete');
    } catch (err) {
      toast.error(errorText(err, 'Error eliminando'), { description: serviceErrorText('eliminar', err) });
    }
  };

  const rows = FIELD_GROUPS.map((g) => ({ group: g, count: groupFields(definitions, g, fixed).length }));
  const actions = (g: FieldGroup) =>
    g.fixed ? (
      <div className="flex gap-2">
        <button type="button" className={btn.small} onClick={() => onEdit(g)} aria-label={`Ordenar ${g.title}`}>
          Ordenar
        </button>
      </div>
    ) : (
      <div className="flex gap-2">
        <button type="button" className={btn.small} {...lock} onClick={() => onEdit(g)} aria-label={`Editar ${g.title}`}>
          Editar
        </button>
        <button type="button" className={`${btn.small} text-red-700`} {...lock} onClick={() => void removeGroup(g)} aria-label={`Eliminar ${g.title}`}>
          Eliminar
        </button>
      </div>
    );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg bg-white shadow ring-1 ring-slate-200 md:block">
        <table className="w-full text-left">
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              <th className="px-4 py-3">Nombre</th>
              <th className="px-4 py-3">Descripción</th>
              <th className="px-4 py-3">Campos</th>
              <th className="px-4 py-3">Estado</th>
              <th className="px-4 py-3">Acciones</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map(({ group, count }) => (
              <tr key={group.entity} data-testid={`grupo-${group.entity}`}>
                <td className="px-4 py-2 font-semibold text-slate-900">{group.title}</td>
                <td className="px-4 py-2 text-slate-700">{group.description}</td>
                <td className="px-4 py-2" data-testid="grupo-conteo">
                  {count}
                </td>
                <td className="px-4 py-2">
                  <Badge color="green">Activo</Badge>
                </td>
                <td className="px-4 py-2">{actions(group)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Grupos de campos">
        {rows.map(({ group, count }) => (
          <li key={group.entity} className="rounded-lg bg-white p-4 shadow ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-semibold text-slate-900">{group.title}</p>
                <p className="text-sm text-slate-700">{group.description}</p>
              </div>
              <Badge color="green">Activo</Badge>
            </div>
            <div className="mt-3 flex items-center justify-between gap-2">
              <span className="text-sm text-slate-700">{count} campos</span>
              {actions(group)}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
