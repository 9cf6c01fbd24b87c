/** Client-made ids: UUIDv7 (time-ordered, RFC 9562) for entities that can be created offline. */
export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let ts = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ts % 256;
    ts = Math.floor(ts / 256);
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const RADICADO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A filing number that cannot be guessed: 8 random symbols (~39 bits), e.g. RAD-7K2M9QXD. */
export function newRadicado(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return 'RAD-' + Array.from(bytes, (b) => RADICADO_ALPHABET[b % RADICADO_ALPHABET.length]).join('');
}

/**
 * A filing number as an applicant may type it, in the one stored form: case, spaces, dashes, dots
 * and underscores do not matter, and the 'RAD' prefix may be left out ('rad-83w5pb7n',
 * ' RAD 83W5PB7N ', 'RAD83W5PB7N' and '83W5PB7N' are all 'RAD-83W5PB7N'). Anything else comes back
 * trimmed and upper-cased, to be simply not found.
 */
export function normalizarRadicado(input: string): string {
  const upper = input.trim().toUpperCase();
  const code = /^(?:RAD)?([A-Z0-9]{8})$/.exec(upper.replace(/[\s\-_.\u2010-\u2015]+/g, ''));
  return code ? `RAD-${code[1]}` : upper;
}
