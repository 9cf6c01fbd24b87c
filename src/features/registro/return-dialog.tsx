/**
 * 'Devolver al asesor' (issue 34): the reviewer picks fields by the form's own labels (a list
 * grouped by section, searchable), writes a comment for each and an overall message, and the
 * return is queued as `revision.devolver` with a UUIDv7 made here, so it works offline. The same
 * valibot schema the server uses judges it first; its Spanish messages sit beside their inputs.
 */
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, INPUT_CLASS, TextAreaField } from '../../components/ui/text-field';
import { uuidv7 } from '../../domain/ids';
import { plural } from '../../domain/format';
import { DevolverArgs, type Revision } from '../../domain/revision';
import { useOnline } from '../../lib/use-online';
import type { CampoRevisable } from './review-fields';

interface Props {
  solicitudId: string;
  catalogue: readonly CampoRevisable[];
  /** 'Devolver de nuevo': the answered review returned again (same id), its fields picked. */
  again: Revision | null;
  onConfirm: (args: DevolverArgs) => Promise<boolean>;
  onClose: () => void;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

interface Errors {
  mensaje?: string;
  campos?: string;
  comentario: Record<string, string>;
}

function judge(input: unknown, picked: readonly string[]): Errors | null {
  const res = v.safeParse(DevolverArgs, input);
  if (res.success) return null;
  const errors: Errors = { comentario: {} };
  for (const issue of res.issues) {
    const path = issue.path?.map((p) => p.key) ?? [];
    if (path[0] === 'mensaje') errors.mensaje ??= issue.message;
    else if (path[0] === 'campos' && typeof path[1] === 'number') errors.comentario[picked[path[1]]] ??= issue.message;
    else if (path[0] === 'campos') errors.campos ??= issue.message;
  }
  return errors;
}

export function ReturnDialog({ solicitudId, catalogue, again, onConfirm, onClose }: Props) {
  const [mensaje, setMensaje] = useState(again?.mensaje ?? '');
  const [comentarios, setComentarios] = useState<Record<string, string>>(() =>
    Object.fromEntries((again?.campos ?? []).map((c) => [c.campo, c.comentario])),
  );
  const [query, setQuery] = useState('');
  // After a first try the messages follow the inputs: a fixed field loses its message at once.
  const [tried, setTried] = useState(false);
  const [revisionId] = useState(() => again?.id ?? uuidv7());
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const picked = Object.keys(comentarios);
  const args = { revisionId, solicitudId, mensaje, campos: picked.map((campo) => ({ campo, comentario: comentarios[campo] })) };
  const errors = tried ? judge(args, picked) : null;
  const labelOf = (campo: string) => catalogue.find((c) => c.campo === campo)?.label ?? campo;

  const groups = useMemo(() => {
    const q = fold(query.trim());
    const out = new Map<string, CampoRevisable[]>();
    for (const c of catalogue) {
      if (q && !fold(`${c.label} ${c.section}`).includes(q)) continue;
      out.set(c.section, [...(out.get(c.section) ?? []), c]);
    }
    return [...out.entries()];
  }, [catalogue, query]);

  const toggle = (campo: string, on: boolean) =>
    setComentarios((c) => {
      const next = { ...c };
      if (on) next[campo] = c[campo] ?? '';
      else delete next[campo];
      return next;
    });

  const confirm = async () => {
    setTried(true);
    if (judge(args, picked)) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="devolver-dialog"] [aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    const ok = await onConfirm(v.parse(DevolverArgs, args));
    setBusy(false);
    if (ok) onClose();
  };

  const footer = (
    <>
      {!online && <p className="mr-auto text-sm text-slate-700">Sin conexión: la devolución se guardará en este dispositivo y se enviará cuando haya conexión.</p>}
      <Button onClick={onClose}>Cancelar</Button>
      <Button variant="primary" onClick={() => void confirm()} busy={busy} busyLabel="Guardando…">
        {again ? 'Devolver de nuevo' : 'Devolver al asesor'}
      </Button>
    </>
  );

  return (
    <Dialog title={again ? 'Devolver de nuevo' : 'Devolver al asesor'} size="lg" onClose={onClose} footer={footer} testId="devolver-dialog">
      <div className="space-y-4">
        <TextAreaField
          label="Mensaje para el asesor"
          required
          rows={3}
          maxLength={2000}
          value={mensaje}
          error={errors?.mensaje}
          onChange={(e) => setMensaje(e.target.value)}
          data-autofocus
        />
        <section aria-label="Campos a corregir" className="space-y-3">
          <h3 className="font-semibold text-slate-900">Campos a corregir ({picked.length})</h3>
          {errors?.campos && <FieldError id="devolver-campos-error" message={errors.campos} />}
          {picked.length === 0 && <p className="text-sm text-slate-600">Seleccione en la lista los campos que el asesor debe corregir.</p>}
          {picked.map((campo) => (
            <div key={campo} className="rounded-md border border-amber-300 bg-amber-50 p-3">
              <TextAreaField
                label={`Comentario sobre ${labelOf(campo)}`}
                required
                rows={2}
                maxLength={1000}
                value={comentarios[campo]}
                error={errors?.comentario[campo]}
                onChange={(e) => setComentarios((c) => ({ ...c, [campo]: e.target.value }))}
              />
              <Button variant="ghost" className="mt-2" onClick={() => toggle(campo, false)}>
                Quitar {labelOf(campo)}
              </Button>
            </div>
          ))}
        </section>
        <section aria-label="Campos del formulario" className="space-y-2">
          <label htmlFor="devolver-buscar" className="block text-sm font-medium text-slate-800">
            Buscar campo
          </label>
          <input
            id="devolver-buscar"
            type="search"
            className={INPUT_CLASS}
            placeholder="Ingresos, celular, documentos…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <p className="text-xs text-slate-600" aria-live="polite">
            {plural(groups.reduce((n, [, list]) => n + list.length, 0), 'campo')}
          </p>
          <div className="max-h-80 space-y-3 overflow-y-auto rounded-md border border-slate-200 p-2">
            {groups.map(([section, list]) => (
              <fieldset key={section}>
                <legend className="px-1 text-sm font-semibold text-slate-700">{section}</legend>
                {list.map((c) => (
                  <label key={c.campo} className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 hover:bg-slate-50">
                    <input type="checkbox" className="h-5 w-5" checked={c.campo in comentarios} onChange={(e) => toggle(c.campo, e.target.checked)} />
                    <span>{c.label}</span>
                  </label>
                ))}
              </fieldset>
            ))}
            {groups.length === 0 && <p className="p-2 text-sm text-slate-600">Ningún campo coincide con la búsqueda.</p>}
          </div>
        </section>
      </div>
    </Dialog>
  );
}
