/**
 * The few direct API calls the UI makes (login, the sales CSV, the public tracking page and
 * first-time loads); everything else goes through the local store and the sync worker.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiJson<T>(
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, `Error en la respuesta del servidor`);
  }
  const b = body as { ok?: boolean; error?: string; code?: string; fields?: Record<string, string>; data?: T };
  if (!res.ok || b.ok === false) {
    throw new ApiError(res.status, b.error ?? res.statusText ?? 'Error desconocido', b.code, b.fields);
  }
  return (b.data ?? body) as T;
}
