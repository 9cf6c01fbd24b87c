/**
 * Where a form field lives in the page (its element id from its error path) and, after a failed
 * save, which invalid field comes first on the screen and moving the focus to it. Error paths are
 * 'entity.key', 'referencias.i.key', or a consent's own id ('acepta_terminos', 'acepta_firma').
 */

/** The element id of the input of `path` ('solicitante.nombres' → 'f-solicitante-nombres'). */
export function fieldId(path: string): string {
  return `f-${path.replace(/\./g, '-')}`;
}

const elementOf = (path: string) => document.getElementById(path.startsWith('acepta_') ? path : fieldId(path));

/** The invalid field that comes first on the screen (errors are keyed by entity, not in screen order). */
export function firstInvalid(paths: string[]): string {
  const els = paths
    .map((p) => ({ p, el: elementOf(p) }))
    .filter((x): x is { p: string; el: HTMLElement } => x.el !== null);
  els.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return els[0]?.p ?? paths[0];
}

/** After a failed save the first invalid field gets the focus, scrolled to the middle of the view. */
export function focusFirstError(path: string | undefined) {
  if (!path) return;
  const el = elementOf(path);
  el?.focus({ preventScroll: true });
  el?.scrollIntoView({ block: 'center' });
}
