/**
 * The operator's identity for the legal pages, from GET /api/legal/operador (public). The last
 * answer is kept in localStorage so the pages read the same offline; without a connection and
 * without a kept answer the pages say they could not load it, never a placeholder.
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { OperadorLegalSchema, type IdentidadOperador } from '../../domain/legal';
import { apiJson } from '../../lib/api';

const KEY = 'radica:legal-operador';

export type EstadoOperador =
  | { kind: 'cargando' }
  | { kind: 'listo'; operador: IdentidadOperador | null }
  | { kind: 'sin-conexion' };

function guardado(): EstadoOperador | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = v.safeParse(OperadorLegalSchema, JSON.parse(raw));
    return parsed.success ? { kind: 'listo', operador: parsed.output.operador } : null;
  } catch {
    return null;
  }
}

export function useOperadorLegal(): EstadoOperador {
  const [estado, setEstado] = useState<EstadoOperador>(() => guardado() ?? { kind: 'cargando' });
  useEffect(() => {
    let vigente = true;
    apiJson<unknown>('/api/legal/operador', { cache: 'no-store' }).then(
      (data) => {
        const parsed = v.safeParse(OperadorLegalSchema, data);
        if (!vigente || !parsed.success) return;
        try {
          localStorage.setItem(KEY, JSON.stringify(parsed.output));
        } catch {
          // Storage full or blocked: the page still shows the answer.
        }
        setEstado({ kind: 'listo', operador: parsed.output.operador });
      },
      () => {
        if (vigente)
          setEstado((actual) => (actual.kind === 'listo' ? actual : { kind: 'sin-conexion' }));
      },
    );
    return () => {
      vigente = false;
    };
  }, []);
  return estado;
}
