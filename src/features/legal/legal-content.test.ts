import { describe, expect, it } from 'vitest';
import type { IdentidadOperador } from '../../domain/legal';
import type { SeccionLegal } from './legal-content';
import { acuerdoSecciones } from './signature-agreement-content';
import { terminosSecciones } from './terms-content';

const OPERADOR: IdentidadOperador = {
  razon_social: 'Créditos del Caribe S.A.S.',
  nit: '901.234.567-8',
  domicilio: 'Calle 77 # 59-35, Barranquilla',
  correo: 'legal@creditoscaribe.co',
  vigencia: '1 de enero de 2027',
};

const text = (secciones: readonly SeccionLegal[]) =>
  secciones.flatMap((s) => [s.titulo, ...s.parrafos, ...(s.subsecciones ?? []).flatMap((sub) => [sub.titulo, ...sub.parrafos])]).join('\n');

describe.each([
  ['Términos y Condiciones', terminosSecciones],
  ['Acuerdo de Firma', acuerdoSecciones],
])('%s', (_name, secciones) => {
  it('with the identity configured, names the operator, its NIT, domicilio and e-mail', () => {
    const t = text(secciones(OPERADOR));
    for (const value of [OPERADOR.razon_social, OPERADOR.nit, OPERADOR.domicilio, OPERADOR.correo]) expect(t).toContain(value);
    expect(t).not.toMatch(/\[|\]|completar|undefined|null/);
  });
  it('without it, reads in plain words: no placeholder, no bracket, no datum of another operator', () => {
    const t = text(secciones(null));
    expect(t).not.toMatch(/\[|\]|completar|undefined|null|NIT \d/);
    expect(t).toMatch(/el operador de la plataforma/i);
  });
});
