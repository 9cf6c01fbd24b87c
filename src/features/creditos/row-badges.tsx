/** A row's markers in the credits list: an unresolved conflict, a change not yet sent. */

export function ConflictBadge() {
  return (
    <span
      data-testid="conflicto-badge"
      className="mt-1 inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset"
    >
      Conflicto
    </span>
  );
}

export function PendingBadge() {
  return (
    <span className="mt-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      Sin sincronizar
    </span>
  );
}
