/** What 'Editar Registro' says when the record cannot be read from this device (spec 01 §8). */
export function loadErrorText(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error ?? '');
  return `Error al cargar datos: ${detail.trim() || 'error desconocido'}`;
}
