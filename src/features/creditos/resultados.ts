/** The list's count line: '1 resultado', '0 resultados', '50.061 resultados' (Colombian grouping). */
const ENTERO = new Intl.NumberFormat('es-CO');

export function resultadosTexto(total: number): string {
  return `${ENTERO.format(total)} ${total === 1 ? 'resultado' : 'resultados'}`;
}
