/**
 * A conflict as the resolver shows it: one line per leaf field (a nested value such as
 * detalle_credito is split into monto_solicitado, plazo_meses, …), each with the form's label,
 * both values formatted, and who changed it on the server and when (from the audit trail, when
 * the server sent it). Choices are made per line and folded back into one choice per conflicting
 * field for resolveConflict: all mine, all theirs, or a merged value. Pure.
 */
import type { ConflictDetail } from '../../domain/errors';
import type { DefinicionEtiqueta } from '../../domain/field-definition';
import { fieldLabel, formatValue, leafPaths, leafValue } from './historial-format';

/** What resolveConflict (src/sync/problems.ts) takes for one conflicting field. */
export type FieldChoice = 'mine' | 'theirs' | { value: unknown };

export interface ConflictLine {
  /** The conflicting field as the server named it. */
  field: string;
  /** The leaf inside it ('solicitud.detalle_credito.monto_solicitado'), or the field itself. */
  leaf: string;
  label: string;
  mine: string;
  server: string;
  base: string;
  changedBy: string | null;
  changedById: number | null;
  changedAt: string | null;
}

type FieldDetail = ConflictDetail['fields'][string] & { changedBy?: string | null; changedById?: number | null; changedAt?: string | null };

/** Labels of leaves that name a mutation's own field ('estado' in a status change). */
export function conflictLines(conflict: ConflictDetail | undefined, etiquetas: readonly DefinicionEtiqueta[] = []): ConflictLine[] {
  const out: ConflictLine[] = [];
  for (const [field, raw] of Object.entries(conflict?.fields ?? {})) {
    const f = raw as FieldDetail;
    for (const leaf of leafPaths(field, [f.base, f.server, f.mine])) {
      const mine = leafValue(field, f.mine, leaf);
      const server = leafValue(field, f.server, leaf);
      // A leaf both sides agree on needs no choice.
      if (leaf !== field && JSON.stringify(mine ?? null) === JSON.stringify(server ?? null)) continue;
      out.push({
        field,
        leaf,
        label: fieldLabel(leaf, etiquetas),
        mine: formatValue(mine, leaf),
        server: formatValue(server, leaf),
        base: formatValue(leafValue(field, f.base, leaf), leaf),
        changedBy: f.changedBy ?? null,
        changedById: f.changedById ?? null,
        changedAt: f.changedAt ?? null,
      });
    }
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function setLeaf(root: Record<string, unknown>, rel: string[], value: unknown) {
  let node = root;
  for (const k of rel.slice(0, -1)) {
    if (!isObject(node[k])) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  const last = rel[rel.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** One choice per conflicting field from the per-line choices (each line defaults to 'mine'). */
export function foldChoices(
  conflict: ConflictDetail | undefined,
  lines: readonly ConflictLine[],
  perLine: Readonly<Record<string, 'mine' | 'theirs'>>,
): Record<string, FieldChoice> {
  const out: Record<string, FieldChoice> = {};
  for (const [field, f] of Object.entries(conflict?.fields ?? {})) {
    const own = lines.filter((l) => l.field === field);
    const picks = own.map((l) => perLine[l.leaf] ?? 'mine');
    if (picks.every((p) => p === 'mine')) out[field] = 'mine';
    else if (picks.every((p) => p === 'theirs')) out[field] = 'theirs';
    else {
      const merged = isObject(f.server) ? (structuredClone(f.server) as Record<string, unknown>) : {};
      own.forEach((l, i) => {
        if (picks[i] === 'mine') setLeaf(merged, l.leaf.slice(field.length + 1).split('.'), leafValue(field, f.mine, l.leaf));
      });
      out[field] = { value: merged };
    }
  }
  return out;
}

/** 'la referencia «Lucía Prada»' (or 'la referencia' when it has no name). */
function laReferencia(conflict: ConflictDetail | undefined): string {
  const nombre = conflict?.referencia?.nombre;
  return nombre ? `la referencia «${nombre}»` : 'la referencia';
}

/**
 * What happened on the server, as a conflict's sentences say it after 'Conflicto…: ' ('otra
 * persona cambió Celular de la referencia «Lucía Prada»'; 'cambiaste … desde otro dispositivo'
 * when `propio`: the same person, on another device); a reference deleted meanwhile says so
 * ('otra persona eliminó la referencia «Lucía Prada»'). `labels`: the conflicting fields' labels.
 */
export function conflictWhat(conflict: ConflictDetail | undefined, labels: string, propio: boolean): string {
  const ref = conflict?.referencia;
  if (ref?.eliminada) return propio ? `eliminaste ${laReferencia(conflict)} desde otro dispositivo` : `otra persona eliminó ${laReferencia(conflict)}`;
  const de = ref ? ` de ${laReferencia(conflict)}` : '';
  return propio ? `cambiaste ${labels}${de} desde otro dispositivo` : `otra persona cambió ${labels}${de}`;
}

/** The panel's line for a conflict whose server values are the same person's, from another device. */
export function conflictPropioText(conflict: ConflictDetail | undefined): string {
  return conflict?.referencia?.eliminada
    ? 'Eliminaste esta referencia desde otro dispositivo mientras tanto.'
    : 'Cambiaste estos datos desde otro dispositivo mientras tanto.';
}
