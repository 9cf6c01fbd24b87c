/** Parses input with a shared valibot schema; failures become a VALIDATION AppError with `fields`. */
import * as v from 'valibot';
import { AppError } from '../../../src/domain/errors';

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '_';
    fields[path] ??= spanish(issue);
  }
  const first = Object.entries(fields)[0];
  throw new AppError('VALIDATION', first ? `Datos inválidos: ${first[1]}` : 'Datos inválidos.', { fields });
}

function spanish(issue: v.BaseIssue<unknown>): string {
  // Schemas give their own Spanish messages; valibot's English defaults are replaced here.
  if (issue.message && !/^Invalid /.test(issue.message)) return issue.message;
  if (/^Invalid key/.test(issue.message)) return 'Este campo es obligatorio.';
  switch (issue.kind === 'schema' ? issue.type : issue.type) {
    case 'string':
      return 'Debe ser un texto.';
    case 'number':
      return 'Debe ser un número.';
    case 'boolean':
      return 'Debe ser verdadero o falso.';
    case 'object':
      return 'Debe ser un objeto.';
    case 'array':
      return 'Debe ser una lista.';
    case 'email':
      return 'El correo electrónico no es válido.';
    case 'uuid':
      return 'Identificador inválido.';
    case 'min_length':
    case 'non_empty':
      return 'Este campo es obligatorio.';
    case 'max_length':
      return 'El valor es demasiado largo.';
    case 'integer':
      return 'Debe ser un número entero.';
    default:
      return 'Valor inválido.';
  }
}

/** How deep a JSON body may nest (objects and arrays); deeper is a 400 before any handler. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `Los datos están anidados demasiado profundo (máximo ${MAX_JSON_DEPTH} niveles).`;

/**
 * Refuses parsed JSON that later code could not handle safely, in one iterative walk (so no input
 * can overflow the stack here):
 * - nesting past MAX_JSON_DEPTH: JSON.parse is iterative, but JSON.stringify, structuredClone and
 *   every recursive walk of ours overflow the stack a few thousand levels down;
 * - own `toString` / `valueOf` keys: an object holding them throws on `String(x)`, `${x}` or
 *   `Number(x)` anywhere later. No field of ours is named so: such input is refused whole, the way
 *   the JSON parser refuses `__proto__`.
 */
const RESERVED_KEYS = ['toString', 'valueOf'] as const;
export function refuseMalformedJson(input: unknown, maxDepth = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[input, 0]];
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (!x || typeof x !== 'object' || Buffer.isBuffer(x)) continue;
    if (depth >= maxDepth) throw new AppError('VALIDATION', TOO_DEEP);
    const key = Array.isArray(x) ? undefined : RESERVED_KEYS.find((k) => Object.hasOwn(x, k));
    if (key) throw new AppError('VALIDATION', `Los datos usan un nombre de campo reservado: ${key}.`);
    for (const child of Object.values(x)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
}
