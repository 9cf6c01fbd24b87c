/**
 * The 'Editar Registro' modal (spec 01 §2): every section of the complete record, filled from the
 * record mirrored in Dexie, so it opens and saves the same with or without a network. Saving queues
 * `solicitud.editar` with only the changed fields and their base values, plus the reference
 * additions and edits; deleting queues `solicitud.eliminar`.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { StatusBadge } from '../../components/ui/status-badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { DuplicateDocumentDialog } from '../../components/ui/duplicate-document-dialog';
import { MoneyField } from '../../components/ui/money-field';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { Spinner } from '../../components/ui/spinner';
import { toRecord } from '../../db/database';
import { mutate } from '../../db/mutate';
import { appliesTo, type ConditionalDef } from '../../domain/actividad';
import { DEFAULT_BANCOS, DEFAULT_CIUDADES, DEPARTAMENTOS, NOMBRES_DEPARTAMENTOS, citiesOf } from '../../domain/colombia';
import { creditKind } from '../../domain/credito';
import { uuidv7 } from '../../domain/ids';
import { relacionOptions } from '../../domain/listas';
import { MAX_REFERENCIAS } from '../../domain/registro-mutations';
import { can, isAdminOrSupervisor } from '../../domain/roles';
import type { Session } from '../../domain/session';
import { fullName, type SolicitudRecord } from '../../domain/solicitud';
import { reportDelivery } from '../../state/delivery';
import { findSameDocument, type SameDocument } from '../../state/duplicates';
import { isMoneyKey } from '../../domain/format';
import { ConflictNotice } from './conflict-notice';
import { ReferenceSelect, ReferenceText } from './reference-fields';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { ArchivosSection } from './archivos-section';
import { FieldInput, Section } from './field-input';
import { ObservacionesSection } from './observaciones-section';
import { HistorialSection } from './historial-section';
import {
  CREDIT_FIELDS,
  RecordSchema,
  SECTIONS,
  TIPO_ACTIVIDAD_PATH,
  TIPO_CREDITO_PATH,
  diffRecord,
  diffReferences,
  getIn,
  toFormValues,
  validateEdits,
  type FieldDef,
  type FormValues,
} from './record-form';

export const EDIT_SAVED_OFFLINE = 'Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.';
export const DELETE_CONFIRMATION = '¿Estás seguro de eliminar este registro? Esta acción no se puede deshacer.';
const EXTRA_BANCOS = ['Davivienda', 'Banco de Occidente', 'Banco Popular', 'Banco AV Villas', 'Banco Caja Social', 'Scotiabank Colpatria', 'Itaú'];
const ALL_CITIES = [...new Set(Object.values(DEPARTAMENTOS).flat())].sort((a, b) => a.localeCompare(b, 'es'));
const KIND_LABEL: Record<string, string> = {
  credito_hipotecario: 'Crédito hipotecario',
  credito_vehicular: 'Crédito vehicular',
  credito_libre_inversion: 'Crédito de libre inversión',
  credito_consumo: 'Crédito de consumo',
  detalle_generico: 'Detalle genérico',
};

export interface EditRecordModalProps {
  solicitudId: string;
  onClose: () => void;
  /** The request's notifications section, built by the notifications feature and wired by the app. */
  notificationsPanel?: ReactNode | ((solicitudId: string) => ReactNode);
}

export default function EditRecordModal({ solicitudId, onClose, notificationsPanel }: EditRecordModalProps) {
  const db = useLocalDb();
  const state = useAtomValue(sessionAtom);
  const row = useLiveQuery(async () => (await db.solicitudes.get(solicitudId)) ?? null, [db, solicitudId]);
  // The form is built once from the record as first seen: those are the base values of the edit.
  const [initial, setInitial] = useState<SolicitudRecord | null>(null);
  useEffect(() => {
    if (row && !initial) setInitial(toRecord(row));
  }, [row, initial]);

  const session = state.status === 'authenticated' ? state.session : null;
  const live = row ? toRecord(row) : initial;
  const subtitle = live ? (
    <span>
      {fullName(live.solicitante)}
      {live.solicitud.radicado ? ` · ${live.solicitud.radicado}` : ''}
      {row?.pending === 1 && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Sin sincronizar</span>}
    </span>
  ) : undefined;

  if (!session) return null;
  if (row === undefined || (row && !initial)) {
    return (
      <Dialog title="Editar Registro" size="full" onClose={onClose} testId="editar-registro">
        <div className="flex justify-center py-12">
          <Spinner label="Cargando..." />
        </div>
      </Dialog>
    );
  }
  if (!initial || !live) {
    return (
      <Dialog title="Editar Registro" size="full" onClose={onClose} testId="editar-registro">
        <p role="alert" className="py-8 text-center text-slate-700">
          No se encontró la solicitud. Puede que se haya eliminado o que ya no tengas acceso a ella.
        </p>
      </Dialog>
    );
  }
  return (
    <RecordForm
      initial={initial}
      live={live}
      session={session}
      subtitle={subtitle}
      onClose={onClose}
      notificationsPanel={typeof notificationsPanel === 'function' ? notificationsPanel(solicitudId) : notificationsPanel}
    />
  );
}

function RecordForm({
  initial,
  live,
  session,
  subtitle,
  onClose,
  notificationsPanel,
}: {
  initial: SolicitudRecord;
  live: SolicitudRecord;
  session: Session;
  subtitle: ReactNode;
  onClose: () => void;
  notificationsPanel?: ReactNode;
}) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const subjectLine = `${fullName(live.solicitante)} · ${live.solicitud.radicado ?? 'sin radicar'}`;
  const rol = session.user.rol;
  const canEdit = can(rol, 'edit_customer');
  const canDelete = can(rol, 'delete_customer');
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const defaultValues = useMemo(() => toFormValues(initial), [initial]);
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty },
  } = useForm<FormValues>({
    defaultValues,
    resolver: valibotResolver(RecordSchema) as never,
    mode: 'onSubmit',
    // Spec 01 §5: an error clears when its field is edited (it is checked again on Guardar).
    reValidateMode: 'onSubmit',
  });
  const refs = useFieldArray({ control, name: 'referencias', keyName: 'key' });
  const [duplicates, setDuplicates] = useState<{ documento: string; matches: SameDocument[]; values: FormValues } | null>(null);
  const acknowledged = useRef<string | null>(null);

  /** A changed document that another applicant of the company already has: asked about once. */
  const askDuplicate = async (changes: Record<string, unknown>, values: FormValues): Promise<boolean> => {
    if (!('solicitante.numero_documento' in changes) && !('solicitante.tipo_identificacion' in changes)) return false;
    const tipo = String(getIn(values, 'solicitante.tipo_identificacion') ?? '');
    const numero = String(getIn(values, 'solicitante.numero_documento') ?? '').trim();
    if (acknowledged.current === `${tipo}|${numero}`) return false;
    const matches = await findSameDocument(db, tipo, numero, initial.solicitante.id).catch(() => []);
    if (!matches.length) return false;
    setDuplicates({ documento: [tipo, numero].filter(Boolean).join(' '), matches, values });
    return true;
  };
  const guard = useDiscardGuard(isDirty && !saving && !deleting, onClose);

  const defs = useLiveQuery(
    async () =>
      (await db.definiciones.toArray())
        .filter((d) => d.entity === 'actividad_economica')
        .map((d) => ({ key: String(d.key), conditional_on: (d.conditional_on ?? null) as ConditionalDef['conditional_on'] })),
    [db],
  );
  const listas = useLiveQuery(() => db.listas.toArray(), [db]);
  const bancos = useMemo(() => {
    const fromList = listas?.find((l) => l.key === 'bancos')?.values ?? [];
    return [...new Set([...fromList, ...DEFAULT_BANCOS, ...EXTRA_BANCOS])];
  }, [listas]);
  const ciudades = useMemo(() => {
    const fromList = listas?.find((l) => l.key === 'ciudades')?.values ?? [];
    return [...new Set([...fromList, ...DEFAULT_CIUDADES, ...ALL_CITIES])];
  }, [listas]);

  const tipoActividad = watch(TIPO_ACTIVIDAD_PATH as FieldPath<FormValues>) as string;
  const departamento = watch('ubicacion.departamento_residencia' as FieldPath<FormValues>) as string;
  const tipoCredito = watch(TIPO_CREDITO_PATH as FieldPath<FormValues>) as string;

  const errorOf = (path: string) => (getIn(errors, path) as { message?: string } | undefined)?.message;

  const optionsOf = (def: FieldDef): readonly string[] | undefined => {
    if (def.options === undefined) return undefined;
    if (Array.isArray(def.options)) return def.options;
    switch (def.options) {
      case 'departamento':
        return NOMBRES_DEPARTAMENTOS;
      case 'ciudad': {
        const list = citiesOf(departamento);
        return list.length ? list : ciudades;
      }
      case 'banco':
        return bancos;
      default:
        return ciudades;
    }
  };

  const field = (def: FieldDef) => {
    const path = def.path as FieldPath<FormValues>;
    if (def.kind === 'number' && isMoneyKey(def.path)) {
      // Amounts in pesos: '$ 180.000.000' while typing; the form keeps the digits as text.
      return (
        <Controller
          key={def.path}
          control={control}
          name={path}
          render={({ field: f }) => (
            <MoneyField
              id={`campo-${def.path.replace(/\./g, '-')}`}
              label={def.label}
              required={def.required}
              error={errorOf(def.path)}
              name={f.name}
              ref={f.ref}
              onBlur={f.onBlur}
              value={f.value as string}
              wrapperClassName={def.wide ? 'sm:col-span-2' : undefined}
              onValueChange={(n) => {
                clearErrors(path);
                f.onChange(n === null ? '' : String(n));
              }}
            />
          )}
        />
      );
    }
    const registration = register(path, {
      onChange: () => {
        clearErrors(path);
        if (def.path === TIPO_ACTIVIDAD_PATH) clearActivityFields();
      },
    });
    return (
      <FieldInput
        key={def.path}
        def={def}
        registration={registration}
        error={errorOf(def.path)}
        options={optionsOf(def)}
        current={def.kind === 'select' ? String(getIn(defaultValues, def.path) ?? '') : undefined}
      />
    );
  };

  /** Changing the activity type clears the fields that depended on the previous one. */
  const clearActivityFields = () => {
    for (const f of SECTIONS.find((s) => s.id === 'laboral')!.fields) {
      if (!f.activityKey) continue;
      setValue(f.path as FieldPath<FormValues>, (f.kind === 'checkbox' ? false : '') as never, { shouldDirty: true });
    }
  };

  /** The spec's toast, the first message (named by its label) and the focus on the first invalid field. */
  const onInvalid = (first?: string) => {
    toast.error('Por favor corrige los errores antes de continuar', { description: first });
    requestAnimationFrame(() => {
      const el = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
      el?.focus({ preventScroll: true });
      el?.scrollIntoView({ block: 'center' });
    });
  };

  const onValid = async (values: FormValues) => {
    const cedula = session.user.cedula || localStorage.getItem('cedula');
    if (!cedula) {
      toast.error('No se encontró la información del asesor');
      return;
    }
    const invalid = validateEdits(initial, values);
    const paths = Object.keys(invalid);
    if (paths.length) {
      for (const p of paths) setError(p as FieldPath<FormValues>, { type: 'validate', message: invalid[p] });
      onInvalid(invalid[paths[0]]);
      return;
    }
    const diff = diffRecord(initial, values, defs ?? []);
    const refOps = diffReferences(initial, values.referencias);
    if (await askDuplicate(diff.changes, values)) return;
    const hasChanges = Object.keys(diff.changes).length > 0 || refOps.add.length > 0 || refOps.edit.length > 0;
    if (!hasChanges) {
      toast.info('No hay cambios para guardar');
      onClose();
      return;
    }
    setSaving(true);
    try {
      const ids: number[] = [];
      if (Object.keys(diff.changes).length) {
        ids.push(await mutate(db, 'solicitud.editar', { solicitudId: initial.id, changes: diff.changes, base: diff.base }));
      }
      for (const add of refOps.add) ids.push(await mutate(db, 'referencia.agregar', { solicitudId: initial.id, ...add }));
      for (const edit of refOps.edit) ids.push(await mutate(db, 'referencia.editar', { solicitudId: initial.id, ...edit }));
      onClose();
      void reportDelivery(
        db,
        ids,
        {
          sent: diff.bankChanged ? 'Registro actualizado y notificación enviada' : 'Registro actualizado correctamente',
          queued: EDIT_SAVED_OFFLINE,
          description: subjectLine,
        },
        { client, online: navigator.onLine },
      );
    } catch (error) {
      toast.error('Error al guardar', { description: error instanceof Error ? error.message : 'Error desconocido' });
    } finally {
      setSaving(false);
    }
  };

  const removeReference = async (index: number) => {
    const ref = refs.fields[index];
    if (ref.isNew) {
      refs.remove(index);
      return;
    }
    try {
      const id = await mutate(db, 'referencia.eliminar', { solicitudId: initial.id, referenciaId: ref.id });
      refs.remove(index);
      void reportDelivery(db, [id], { sent: 'Referencia eliminada', description: subjectLine }, { client, online: navigator.onLine });
    } catch (error) {
      toast.error('No se pudo eliminar la referencia', { description: error instanceof Error ? error.message : undefined });
    }
  };

  const onDelete = async () => {
    setDeleting(true);
    try {
      const id = await mutate(db, 'solicitud.eliminar', { solicitudId: initial.id });
      setConfirming(false);
      onClose();
      void reportDelivery(db, [id], { sent: 'Registro eliminado', description: subjectLine }, { client, online: navigator.onLine });
    } catch (error) {
      toast.error('Error al eliminar el registro', { description: error instanceof Error ? error.message : undefined });
      setDeleting(false);
    }
  };

  const formId = `form-registro-${initial.id}`;
  const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

  const footer = (
    <div className="flex w-full flex-wrap items-center justify-between gap-3">
      {/* Desktop only (spec 01 §2): deleting from a tablet in the field is too easy to do by mistake. */}
      <div className="hidden lg:block">
        {canDelete && (
          <Button variant="danger-outline" onClick={() => setConfirming(true)}>
            Eliminar
          </Button>
        )}
      </div>
      <div className="flex flex-1 justify-end gap-3 sm:flex-none">
        <Button onClick={guard.requestClose} className="flex-1 sm:flex-none">
          Cancelar
        </Button>
        {canEdit && (
          <Button type="submit" form={formId} variant="primary" busy={saving} busyLabel="Guardando..." className="flex-1 px-6 sm:flex-none">
            Guardar
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <Dialog title="Editar Registro" size="full" subtitle={subtitle} onClose={guard.requestClose} footer={footer} testId="editar-registro">
      <ConflictNotice solicitudId={initial.id} />
      <form id={formId} noValidate onSubmit={(e) => void handleSubmit(onValid, (errs) => onInvalid(firstMessage(errs)))(e)} className="space-y-4">
        <fieldset disabled={!canEdit} className="space-y-4">
          {SECTIONS.map((section) => (
            <Section key={section.id} title={section.title} testId={`seccion-${section.id}`}>
              <div className={grid}>
                {section.fields
                  .filter((f) => !f.activityKey || appliesTo(f.activityKey, tipoActividad, defs ?? []))
                  .map(field)}
              </div>
            </Section>
          ))}

          <Section title="Información de Referencias" testId="seccion-referencias">
            {refs.fields.length === 0 && <p className="mb-3 text-slate-600">No hay referencias registradas.</p>}
            <div className="space-y-4">
              {refs.fields.map((ref, i) => (
                <fieldset key={ref.key} className="rounded-md border border-slate-200 p-3" data-testid="referencia">
                  <legend className="px-1 font-semibold text-slate-800">Referencia {i + 1}</legend>
                  <div className={grid}>
                    <ReferenceSelect
                      label="Tipo de referencia"
                      id={`ref-${ref.key}-tipo`}
                      options={['personal', 'familiar', 'laboral', 'comercial']}
                      current={ref.tipo_referencia}
                      registration={register(`referencias.${i}.tipo_referencia`)}
                    />
                    <ReferenceText label="Nombre" id={`ref-${ref.key}-nombre`} registration={register(`referencias.${i}.nombre`, { onChange: () => clearErrors(`referencias.${i}.nombre`) })} error={errorOf(`referencias.${i}.nombre`)} />
                    <ReferenceSelect
                      label="Relación"
                      id={`ref-${ref.key}-relacion`}
                      options={relacionOptions(watch(`referencias.${i}.tipo_referencia`))}
                      current={ref.relacion}
                      registration={register(`referencias.${i}.relacion`)}
                    />
                    <ReferenceText label="Celular" id={`ref-${ref.key}-celular`} type="tel" registration={register(`referencias.${i}.celular`, { onChange: () => clearErrors(`referencias.${i}.celular`) })} error={errorOf(`referencias.${i}.celular`)} />
                    <ReferenceText label="Dirección" id={`ref-${ref.key}-direccion`} registration={register(`referencias.${i}.direccion`, { onChange: () => clearErrors(`referencias.${i}.direccion`) })} error={errorOf(`referencias.${i}.direccion`)} />
                    <ReferenceText label="Ciudad" id={`ref-${ref.key}-ciudad`} registration={register(`referencias.${i}.ciudad`, { onChange: () => clearErrors(`referencias.${i}.ciudad`) })} error={errorOf(`referencias.${i}.ciudad`)} />
                  </div>
                  {canEdit && (
                    <div className="mt-3 flex justify-end">
                      <Button variant="danger-outline" onClick={() => void removeReference(i)}>
                        Eliminar Referencia {i + 1}
                      </Button>
                    </div>
                  )}
                </fieldset>
              ))}
            </div>
            {canEdit && (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button
                  disabled={refs.fields.length >= MAX_REFERENCIAS}
                  onClick={() =>
                    refs.append({ id: uuidv7(), isNew: true, tipo_referencia: 'personal', nombre: '', relacion: '', celular: '', direccion: '', ciudad: '' })
                  }
                >
                  Agregar referencia
                </Button>
                {refs.fields.length >= MAX_REFERENCIAS && (
                  <span className="text-sm text-slate-600">Máximo {MAX_REFERENCIAS} referencias.</span>
                )}
              </div>
            )}
          </Section>

          <Section title="Información del Crédito" testId="seccion-credito">
            <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
              <span>
                Estado: <StatusBadge estado={live.solicitud.estado} />
              </span>
              {live.solicitud.radicado && <span>Radicado: {live.solicitud.radicado}</span>}
              <span data-testid="tipo-detalle-credito">Detalle: {KIND_LABEL[creditKind(tipoCredito)]}</span>
            </div>
            <div className={grid}>{CREDIT_FIELDS.map(field)}</div>
          </Section>
        </fieldset>
      </form>

      <div className="mt-4 space-y-4">
        <ArchivosSection
          solicitudId={initial.id}
          solicitanteId={initial.solicitante.id}
          documentos={live.documentos ?? []}
          canWrite={canEdit}
          token={session.token}
        />
        <ObservacionesSection
          solicitudId={initial.id}
          observaciones={live.observaciones ?? []}
          userName={session.user.nombre}
          canWrite={canEdit}
        />
        <Section title="Notificaciones" testId="seccion-notificaciones">
          <fieldset disabled={!canEdit} className="flex flex-wrap gap-6">
            <legend className="sr-only">Preferencias de notificación</legend>
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
              <input type="checkbox" form={formId} className="h-5 w-5" {...register('preferencias.email')} />
              Notificar por correo electrónico
            </label>
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
              <input type="checkbox" form={formId} className="h-5 w-5" {...register('preferencias.sms')} />
              Notificar por SMS
            </label>
          </fieldset>
        </Section>
        {notificationsPanel && <div data-testid="panel-notificaciones">{notificationsPanel}</div>}
        {isAdminOrSupervisor(rol) && <HistorialSection solicitudId={initial.id} token={session.token} />}
      </div>

      {confirming && (
        <ConfirmDialog
          title="Eliminar registro"
          message={DELETE_CONFIRMATION}
          confirmLabel="Eliminar"
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void onDelete()}
        />
      )}
      {duplicates && (
        <DuplicateDocumentDialog
          documento={duplicates.documento}
          matches={duplicates.matches}
          onBack={() => setDuplicates(null)}
          onSave={() => {
            const values = duplicates.values;
            acknowledged.current = `${String(getIn(values, 'solicitante.tipo_identificacion') ?? '')}|${String(getIn(values, 'solicitante.numero_documento') ?? '').trim()}`;
            setDuplicates(null);
            void onValid(values);
          }}
        />
      )}
      {guard.prompt}
    </Dialog>
  );
}

/** The first message of react-hook-form's nested errors. */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const e = errors as { message?: unknown };
  if (typeof e.message === 'string') return e.message;
  for (const v of Object.values(errors)) {
    const m = firstMessage(v);
    if (m) return m;
  }
  return undefined;
}
