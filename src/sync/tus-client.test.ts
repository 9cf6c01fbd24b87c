import { describe, expect, it } from 'vitest';
import { shouldRetryUpload } from './tus-client';

describe('which failed upload requests tus-js-client tries again by itself', () => {
  it('retries no answer, server trouble and a locked upload', () => {
    for (const status of [0, 500, 502, 503, 423]) expect(shouldRetryUpload(status, {}), String(status)).toBe(true);
  });

  it('retries a moved offset or an expiry only when the server says a retry cures it', () => {
    expect(shouldRetryUpload(409, { code: 'CONFLICT', retry: true })).toBe(true);
    expect(shouldRetryUpload(410, { code: 'NOT_FOUND', retry: true })).toBe(true);
    // A document id already used elsewhere is a 409 too, but resending would only repeat it.
    expect(shouldRetryUpload(409, { code: 'CONFLICT' })).toBe(false);
  });

  it('never retries a refusal: session, permission, type, size, validation, rate limit', () => {
    for (const status of [400, 401, 403, 404, 413, 415, 429]) expect(shouldRetryUpload(status, { code: 'X' }), String(status)).toBe(false);
  });
});
