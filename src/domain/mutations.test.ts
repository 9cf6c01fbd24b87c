import { describe, expect, it } from 'vitest';
import { MUTATION_SCHEMAS, MUTATIONS, isMutationName, mutationLabel, redactSecrets, secretValues } from './mutations';

describe('the mutation table', () => {
  const names = Object.keys(MUTATIONS);

  it('gives every mutation its own Spanish label for the sync panel', () => {
    for (const name of names) {
      const label = mutationLabel(name);
      expect(label, name).not.toBe(name);
      expect(label, name).toMatch(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]/);
    }
    expect(new Set(names.map(mutationLabel)).size).toBe(names.length);
    expect(mutationLabel('referencia.editar')).toBe('Edición de referencia');
    expect(mutationLabel('documento.eliminar')).toBe('Eliminación de documento');
  });

  it('shows the raw name of a mutation this version does not know', () => {
    expect(isMutationName('solicitud.archivar')).toBe(false);
    expect(mutationLabel('solicitud.archivar')).toBe('solicitud.archivar');
    expect(isMutationName('toString')).toBe(false);
  });

  it('derives the schema list from the table', () => {
    expect(Object.keys(MUTATION_SCHEMAS)).toEqual(names);
    for (const name of names) expect(MUTATION_SCHEMAS[name as keyof typeof MUTATIONS]).toBe(MUTATIONS[name as keyof typeof MUTATIONS].args);
  });
});

describe('the secret arguments', () => {
  it('finds the password of a user creation and removes it from a kept copy', () => {
    const args = { nombre: 'Ana', contraseña: 'Clave2027!' };
    expect(secretValues('usuario.crear', args)).toEqual(['Clave2027!']);
    expect(redactSecrets('usuario.crear', args)).toEqual({ nombre: 'Ana' });
  });

  it('knows no secrets under names of Object.prototype (a pushed name is any string)', () => {
    const args = { contraseña: 'x' };
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(secretValues(name, args), name).toEqual([]);
      expect(redactSecrets(name, args), name).toBe(args);
    }
  });
});
