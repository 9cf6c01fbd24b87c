/**
 * A date as people in Colombia write it, dd/mm/aaaa, for the date fields (the creation form,
 * Editar Registro, the list's range, a configured field's default). A native date input shows the
 * browser's own order instead (mm/dd/yyyy on a tablet set to English), so '04/12/1990' could be
 * read two ways; these fields are text in one order. Values stay YYYY-MM-DD.
 * - `mascaraFecha`: what the field shows while typing: digits and '/', a slash put in when a day
 *   or month is complete and another digit comes ('12041990' → '12/04/1990'), never ahead of it,
 *   so deleting works as expected;
 * - reading a complete day ('1/4/1990', '01/04/1990', or YYYY-MM-DD pasted) is `leerFecha`'s, the
 *   rules' own reader, so the form, Editar Registro and the server read the same days;
 * - `fechaATexto`: YYYY-MM-DD (or a date-time) as dd/mm/aaaa; anything else as it is.
 */
import { leerFecha } from './validacion';

export const FORMATO_FECHA = 'dd/mm/aaaa';

const LARGOS = [2, 2, 4] as const;

export function mascaraFecha(raw: string): string {
  const partes = raw.replace(/[^\d/]/g, '').split('/');
  // A slash after the year adds nothing: what follows is more of the year.
  if (partes.length > 3) partes.splice(2, partes.length - 2, partes.slice(2).join(''));
  const salida: string[] = [];
  let resto = '';
  for (let i = 0; i < 3; i++) {
    if (i >= partes.length && !resto) break;
    let parte = resto + (partes[i] ?? '');
    resto = parte.slice(LARGOS[i]);
    parte = parte.slice(0, LARGOS[i]);
    salida.push(parte);
  }
  return salida.join('/');
}

export function fechaATexto(value: unknown): string {
  if (typeof value !== 'string') return '';
  const iso = leerFecha(value);
  if (!iso) return value;
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
