/**
 * How a company's contact reaches its applicants on the public tracking page (issue 28): the
 * company keeps it as its category 'contacto' (Gestión Categorías, 'Configuración JSON compleja'),
 * an object such as {"telefono": "(601) 745 2300", "correo": "atencion@empresa.co"}. Only the
 * keys below, as non-empty text, ever leave the server; anything else the object holds stays
 * private. Pure: shared by the server (the public answer) and the page (the labels).
 */

export const CONTACTO_CATEGORIA = 'contacto';

/** The public contact keys, in the order the page shows them, with their labels. */
export const CONTACTO_CAMPOS = [
  ['telefono', 'Teléfono'],
  ['whatsapp', 'WhatsApp'],
  ['correo', 'Correo'],
  ['direccion', 'Dirección'],
  ['horario', 'Horario de atención'],
] as const;

export type ContactoKey = (typeof CONTACTO_CAMPOS)[number][0];
export type ContactoPublico = Partial<Record<ContactoKey, string>>;

/** The company as the public tracking answer carries it. */
export interface EmpresaPublica {
  nombre: string;
  contacto: ContactoPublico | null;
}

const MAX = 200;

/** The public part of a 'contacto' configuration; null when it has none. */
export function contactoPublico(configuracion: unknown): ContactoPublico | null {
  if (!configuracion || typeof configuracion !== 'object' || Array.isArray(configuracion)) return null;
  const source = configuracion as Record<string, unknown>;
  const out: ContactoPublico = {};
  for (const [key] of CONTACTO_CAMPOS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim().slice(0, MAX);
  }
  return Object.keys(out).length ? out : null;
}
