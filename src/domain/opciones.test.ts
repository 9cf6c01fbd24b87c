import { describe, expect, it } from 'vitest';
import { DEFAULT_BANCOS, DEFAULT_CIUDADES } from './colombia';
import type { FieldDefinition } from './field-definition';
import { LINEAS_CREDITO } from './listas';
import { capitalizar, companyLists, fieldOptions, optionLabel } from './opciones';

const ctx = (values: Record<string, unknown> = {}) => ({ values, ciudades: ['Pasto', 'Tunja'], bancos: ['Banco Uno'] });
const field = (key: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ key, type: 'string', required: false, ...extra });

describe('optionLabel', () => {
  it('spells out genders and document types, keeping the stored value apart', () => {
    expect(['M', 'F', 'O'].map((g) => optionLabel('genero', g))).toEqual(['Masculino', 'Femenino', 'Otro']);
    expect(optionLabel('tipo_identificacion', 'CC')).toBe('Cédula de ciudadanía (CC)');
  });

  it('capitalises and accents credit lines however they were stored', () => {
    expect(optionLabel('tipo_credito', 'microcredito')).toBe('Microcrédito');
    expect(optionLabel('tipo_credito', 'MICROCRÉDITO')).toBe('Microcrédito');
    expect(optionLabel('tipo_credito', 'libre inversión')).toBe('Libre inversión');
    expect(LINEAS_CREDITO.map((l) => optionLabel('tipo_credito', l))).toEqual([
      'Hipotecario',
      'Vehicular',
      'Libre inversión',
      'Consumo',
      'Comercial',
      'Microcrédito',
      'Libranza',
    ]);
  });

  it('capitalises anything else as written', () => {
    expect(optionLabel('tipo_referencia', 'familiar')).toBe('Familiar');
    expect(optionLabel('banco_nombre', 'Lulo bank')).toBe('Lulo bank');
    expect(capitalizar('ñame')).toBe('Ñame');
  });
});

describe('fieldOptions', () => {
  it('uses the list the company configured for the field before any built-in one', () => {
    const configured = field('tipo_credito', { type: 'array', list_values: { enum: ['hipotecario', 'leasing'] } });
    expect(fieldOptions(configured, ctx())).toEqual([
      { value: 'hipotecario', label: 'Hipotecario' },
      { value: 'leasing', label: 'Leasing' },
    ]);
  });

  it('falls back to the special lists by key, with labels', () => {
    expect(fieldOptions(field('genero'), ctx())).toEqual([
      { value: 'M', label: 'Masculino' },
      { value: 'F', label: 'Femenino' },
      { value: 'O', label: 'Otro' },
    ]);
    expect(fieldOptions(field('tipo_credito'), ctx())!.map((o) => o.value)).toEqual([...LINEAS_CREDITO]);
    expect(fieldOptions(field('banco_nombre'), ctx())).toEqual([{ value: 'Banco Uno', label: 'Banco Uno' }]);
    expect(fieldOptions(field('ciudad_solicitud'), ctx())!.map((o) => o.value)).toEqual(['Pasto', 'Tunja']);
  });

  it('is null for fields that are not a choice, and for numbers named like a list', () => {
    expect(fieldOptions(field('nombres'), ctx())).toBeNull();
    expect(fieldOptions(field('genero', { type: 'number' }), ctx())).toBeNull();
  });

  it("keeps an old record's value that the list lacks", () => {
    expect(fieldOptions(field('tipo_credito'), ctx(), 'leasing')![0]).toEqual({ value: 'leasing', label: 'Leasing' });
    expect(fieldOptions(field('tipo_credito'), ctx(), 'consumo')!.filter((o) => o.value === 'consumo')).toHaveLength(1);
  });

  it('says a value is no longer in the list when the company changed its configured options', () => {
    const canal = { key: 'canal', type: 'array' as const, list_values: { enum: ['Referido', 'Redes sociales'] } };
    expect(fieldOptions(canal, ctx(), 'Radio')!.map((o) => o.label)).toEqual(['Radio (ya no está en la lista)', 'Referido', 'Redes sociales']);
    expect(fieldOptions(canal, ctx(), 'Referido')!.map((o) => o.label)).toEqual(['Referido', 'Redes sociales']);
  });
});

describe('companyLists', () => {
  it("reads the company's active 'ciudades' and 'bancos' categories", () => {
    const rows = [
      { id: 1, categoria: 'ciudades', activo: true, configuracion: ['Neiva', '', 3] },
      { id: 2, categoria: 'bancos', activo: true, configuracion: ['Banco Propio'] },
    ];
    expect(companyLists(rows)).toEqual({ ciudades: ['Neiva'], bancos: ['Banco Propio'] });
  });

  it('gives the defaults for a company without them, or with them inactive', () => {
    expect(companyLists([])).toEqual({ ciudades: DEFAULT_CIUDADES, bancos: DEFAULT_BANCOS });
    expect(companyLists([{ categoria: 'bancos', activo: false, configuracion: ['X'] }]).bancos).toEqual(DEFAULT_BANCOS);
  });
});
