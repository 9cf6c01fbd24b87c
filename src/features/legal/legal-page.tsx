/**
 * One public legal page: its title, and the text built from the operator's identity. With no
 * identity published the text names the operator in plain words and a notice says so; without a
 * connection and nothing kept on the device, a notice says the identity could not be loaded.
 */
import { useEffect } from 'react';
import { OPERADOR_NO_PUBLICADO, type IdentidadOperador } from '../../domain/legal';
import type { SeccionLegal } from './legal-content';
import { LegalLayout } from './legal-layout';
import { useOperadorLegal } from './use-operador';

export const OPERADOR_SIN_CONEXION =
  'Sin conexión: no se pudieron cargar los datos de identificación del operador de la plataforma. Vuelve a abrir esta página con conexión para verlos.';

export function LegalPage(props: {
  titulo: string;
  tituloDocumento: string;
  subtitulo: string;
  secciones: (operador: IdentidadOperador | null) => readonly SeccionLegal[];
}) {
  const { tituloDocumento } = props;
  useEffect(() => {
    const anterior = document.title;
    document.title = `${tituloDocumento} — Radica`;
    return () => {
      document.title = anterior;
    };
  }, [tituloDocumento]);

  const estado = useOperadorLegal();
  const operador = estado.kind === 'listo' ? estado.operador : null;
  const aviso =
    estado.kind === 'sin-conexion'
      ? OPERADOR_SIN_CONEXION
      : estado.kind === 'listo' && !operador
        ? OPERADOR_NO_PUBLICADO
        : undefined;
  return (
    <LegalLayout
      titulo={props.titulo}
      subtitulo={props.subtitulo}
      vigencia={operador?.vigencia}
      aviso={aviso}
      cargando={estado.kind === 'cargando'}
      secciones={props.secciones(operador)}
    />
  );
}
