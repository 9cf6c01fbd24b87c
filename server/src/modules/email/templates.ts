/**
 * The text of each e-mail Radica sends, in Spanish, as plain text and HTML. Invariants:
 * - every value taken from the data is escaped before it goes into the HTML part, and loses its
 *   control and format characters (\p{Cc}, \p{Cf}: bidi overrides, zero-width ones) and line
 *   separators, so no value can add a line or hide text (textOf);
 * - dates are shown dd/mm/yyyy hh:mm in Colombia's time zone, with the zone named;
 * - a missing value reads as a words ('sin banco'), never 'undefined' or 'null'.
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The e-mail kinds Radica queues; anything else is refused where it is queued. */
export const EMAIL_TIPOS = ['cambio_banco', 'devolucion'] as const;
export type EmailTipo = (typeof EMAIL_TIPOS)[number];

export function isEmailTipo(tipo: string): tipo is EmailTipo {
  return (EMAIL_TIPOS as readonly string[]).includes(tipo);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

// Format characters (\p{Cf}): direction overrides and isolates, which make a name read backwards
// ('Pérez\u202Efdp.exe'), zero-width ones that hide text from a filter, the soft hyphen.
const FORMAT = /\p{Cf}/gu;
// Control characters (\p{Cc}) and the Unicode line and paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A value of the data as text. Values are typed by people (an applicant's name, a bank), so a line
 * break in one would start a line of the message that the template never wrote ('Banco nuevo: …'):
 * a one-line value loses its control characters; a multi-line one (a return's message, a
 * comment) keeps only its line breaks. Format characters (\p{Cf}) go in both.
 */
const textOf = (value: unknown, missing: string, multiline = false): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return missing;
  const clean = (multiline ? value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, ' ') : value.replace(CONTROL, ' '))
    .replace(FORMAT, '')
    .replace(/[ ]{2,}/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
  return clean || missing;
};

const BOGOTA = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `dd/mm/yyyy hh:mm` in Colombia's time zone; the raw text when it is not a date. */
export function fechaColombia(value: unknown): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return textOf(value, 'fecha desconocida');
  const p = Object.fromEntries(BOGOTA.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const FOOTER = 'Este mensaje lo envió Radica automáticamente; no es necesario responderlo.';

function cambioBanco(datos: Record<string, unknown>): RenderedEmail {
  const radicado = textOf(datos.radicado, 'sin radicado');
  const nombre = textOf(datos.nombre_cliente, 'el solicitante');
  const documento = textOf(datos.documento_cliente, 'sin documento');
  const anterior = textOf(datos.banco_anterior, 'sin banco');
  const nuevo = textOf(datos.banco_nuevo, 'sin banco');
  const quien = textOf(datos.modificado_por, 'un usuario');
  const cuando = fechaColombia(datos.fecha_cambio);

  const subject = `Cambio de banco en la solicitud ${radicado} de ${nombre}`;
  const text = [
    'Hola:',
    '',
    `El banco de la solicitud ${radicado} de ${nombre} (documento ${documento}) cambió de ${anterior} a ${nuevo}.`,
    '',
    `Radicado: ${radicado}`,
    `Solicitante: ${nombre}`,
    `Banco anterior: ${anterior}`,
    `Banco nuevo: ${nuevo}`,
    `Cambiado por: ${quien}`,
    `Fecha del cambio: ${cuando} (hora de Colombia)`,
    '',
    FOOTER,
    '',
  ].join('\n');

  const e = escapeHtml;
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`;
  const html = [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8"><title>' + e(subject) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    '<p>Hola:</p>',
    `<p>El banco de la solicitud <strong>${e(radicado)}</strong> de ${e(nombre)} (documento ${e(documento)}) cambió de <strong>${e(anterior)}</strong> a <strong>${e(nuevo)}</strong>.</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    row('Radicado', radicado),
    row('Solicitante', nombre),
    row('Banco anterior', anterior),
    row('Banco nuevo', nuevo),
    row('Cambiado por', quien),
    row('Fecha del cambio', `${cuando} (hora de Colombia)`),
    '</table>',
    `<p style="color:#6b7280;font-size:12px">${e(FOOTER)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** Shared frame of the HTML part: greeting, one paragraph, a table of label/value rows, the footer. */
function htmlMessage(subject: string, paragraph: string, rows: Array<[string, string]>): string {
  const e = escapeHtml;
  return [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8"><title>' + e(subject) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    '<p>Hola:</p>',
    `<p>${paragraph}</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`),
    '</table>',
    `<p style="color:#6b7280;font-size:12px">${e(FOOTER)}</p>`,
    '</body></html>',
  ].join('\n');
}

/**
 * A return for correction (issue 34), to the application's advisor: who returned it, the message
 * and each flagged field with its comment. Fields are named by `etiqueta` when the data carries
 * it, else by their path.
 */
function devolucion(datos: Record<string, unknown>): RenderedEmail {
  const radicado = textOf(datos.radicado, 'sin radicado');
  const nombre = textOf(datos.nombre_cliente, 'el solicitante');
  const quien = textOf(datos.devuelta_por, 'un usuario');
  const mensaje = textOf(datos.mensaje, 'sin mensaje', true);
  const cuando = fechaColombia(datos.fecha_devolucion);
  const campos = (Array.isArray(datos.campos) ? datos.campos : []) as Array<Record<string, unknown>>;
  const lineas = campos.map((c): [string, string] => [textOf(c.etiqueta ?? c.campo, 'campo'), textOf(c.comentario, 'sin comentario', true)]);

  const subject = `Solicitud ${radicado} de ${nombre} devuelta para corrección`;
  const text = [
    'Hola:',
    '',
    `${quien} devolvió la solicitud ${radicado} de ${nombre} para corrección.`,
    '',
    `Mensaje: ${mensaje}`,
    '',
    'Campos por corregir:',
    ...lineas.map(([campo, comentario]) => `- ${campo}: ${comentario}`),
    '',
    `Radicado: ${radicado}`,
    `Solicitante: ${nombre}`,
    `Devuelta por: ${quien}`,
    `Fecha: ${cuando} (hora de Colombia)`,
    '',
    'Abra Radica y entre a "Correcciones pendientes" para responder.',
    '',
    FOOTER,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlMessage(
    subject,
    `${e(quien)} devolvió la solicitud <strong>${e(radicado)}</strong> de ${e(nombre)} para corrección: ${e(mensaje)}`,
    [...lineas, ['Radicado', radicado], ['Solicitante', nombre], ['Devuelta por', quien], ['Fecha', `${cuando} (hora de Colombia)`]],
  );
  return { subject, text, html };
}

const RENDERERS: Record<EmailTipo, (datos: Record<string, unknown>) => RenderedEmail> = {
  cambio_banco: cambioBanco,
  devolucion,
};

/** The message for a queued row; null for a kind this version does not know (marked failed). */
export function renderEmail(tipo: string, datos: Record<string, unknown>): RenderedEmail | null {
  return isEmailTipo(tipo) ? RENDERERS[tipo](datos) : null;
}
