/**
 * 'Cambios pendientes': the 'Editar Registro' drafts whose application is no longer on this device
 * (orphan-drafts.ts). Each says why it cannot be saved, names the application as the device last
 * knew it and shows every change by its field label; 'Copiar cambios' puts them on the clipboard,
 * and 'Descartar' asks first, naming what is lost.
 */
import { Button } from '../components/ui/button';
import { askConfirm } from '../components/ui/confirm-dialog';
import { toast } from '../components/ui/toast';
import { formatWhen } from '../domain/format';
import { ORPHAN_DRAFT_REASON, orphanDraftLines, orphanDraftText, type OrphanDraft } from './orphan-drafts';

export const ORPHAN_SECTION_TITLE = 'Borradores sin su solicitud';
export const DISCARD_DRAFT_TITLE = '¿Descartar este borrador?';

/** '$ 159.000.000' kept on one line on a phone (the sign never ends a line alone). */
const unbroken = (text: string) => text.replace(/\$ (?=\d)/g, '$\u00a0');

async function copy(draft: OrphanDraft): Promise<void> {
  try {
    await navigator.clipboard.writeText(orphanDraftText(draft));
    toast.success('Cambios copiados. Pégalos donde quieras conservarlos.');
  } catch {
    toast.error('No se pudieron copiar los cambios. Siguen a la vista en Cambios pendientes.');
  }
}

export function OrphanDrafts({ drafts, onDiscard }: { drafts: readonly OrphanDraft[]; onDiscard: (id: string) => void }) {
  if (!drafts.length) return null;
  const ask = (d: OrphanDraft) => {
    const lost = [d.item.tipo, d.item.asunto, orphanDraftLines(d).join(', ')].filter(Boolean).join(' · ');
    void askConfirm({
      title: DISCARD_DRAFT_TITLE,
      message: `Se perderá: ${lost}. No se puede deshacer.`,
      confirmLabel: 'Descartar',
      cancelLabel: 'Conservar',
    }).then((yes) => yes && onDiscard(d.id));
  };
  return (
    <section aria-labelledby="borradores-sin-solicitud">
      <h3 id="borradores-sin-solicitud" className="mt-4 font-semibold">
        {ORPHAN_SECTION_TITLE} ({drafts.length})
      </h3>
      <ul className="space-y-2">
        {drafts.map((d) => (
          <li key={d.id} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="borrador-sin-solicitud">
            <p className="font-semibold">
              {d.item.tipo} <span className="font-normal text-slate-700">· {formatWhen(d.updatedAt)}</span>
            </p>
            {d.item.asunto && <p className="text-sm text-slate-800">{d.item.asunto}</p>}
            <p className="text-sm text-red-900">{ORPHAN_DRAFT_REASON}</p>
            <p className="mt-1 text-sm font-medium text-slate-800">Tus cambios sin guardar:</p>
            <ul className="text-sm text-slate-800" data-testid="cambios-del-borrador">
              {Object.entries(d.item.campos).map(([label, value]) => (
                <li key={label} className="break-words">
                  <span className="font-medium">{label}:</span> {unbroken(value)}
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button onClick={() => void copy(d)}>Copiar cambios</Button>
              <Button variant="danger-outline" onClick={() => ask(d)}>
                Descartar
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
