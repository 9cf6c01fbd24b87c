/**
 * `v.record` accepts arrays (they are objects) and outputs them as objects, so `["x"]` would be
 * stored as `{"0":"x"}`. `plainRecord` refuses anything but a plain object first, with the same
 * Spanish message, then checks it as `v.record`.
 */
import * as v from 'valibot';

export function plainRecord<
  K extends v.GenericSchema<string, string | number | symbol>,
  V extends v.GenericSchema,
>(key: K, value: V, message = 'Los datos deben ser un objeto') {
  return v.pipe(
    v.custom<Record<string, unknown>>((o) => typeof o === 'object' && o !== null && !Array.isArray(o), message),
    v.record(key, value, message),
  );
}
