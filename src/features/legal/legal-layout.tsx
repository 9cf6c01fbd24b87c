import { useCallback, useEffect, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SeccionLegal } from './legal-content';

interface LegalLayoutProps {
  titulo: string;
  subtitulo?: string;
  /** Shown under the title as "Vigente desde: …" (only when the operator published it). */
  vigencia?: string;
  /** A plain notice above the text (the operator has not published its details, no connection). */
  aviso?: string;
  /** While the operator's identity is first loaded: the text waits, so it never changes under the reader. */
  cargando?: boolean;
  secciones: readonly SeccionLegal[];
}

const tituloId = (id: string) => `${id}-titulo`;

function prefiereMenosMovimiento(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function desplazarA(elemento: HTMLElement, suave: boolean) {
  // jsdom (unit tests) does not implement scrollIntoView.
  if (typeof elemento.scrollIntoView === 'function') {
    elemento.scrollIntoView({ behavior: suave ? 'smooth' : 'auto', block: 'start' });
  }
}

/**
 * Shared layout of the public legal pages: Volver button, title, table of contents and numbered
 * sections. Tailwind classes only (strict CSP: no inline styles or scripts).
 */
export function LegalLayout({
  titulo,
  subtitulo,
  vigencia,
  aviso,
  cargando = false,
  secciones,
}: LegalLayoutProps) {
  const navigate = useNavigate();

  const volver = useCallback(() => {
    if (window.history.length > 1) {
      void navigate(-1);
      return;
    }
    // Opened in a new tab (the creation form's links use target="_blank"): closing it goes back to
    // the form, as the person expects. A tab the browser will not let a page close (opened by
    // typing the address) goes to the start page instead.
    window.close();
    void navigate('/');
  }, [navigate]);

  // Deep links such as /acuerdo-firma#domicilio: the section only exists after React renders.
  useEffect(() => {
    if (cargando) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const destino = document.getElementById(id);
    if (destino) desplazarA(destino, false);
  }, [cargando]);

  const irASeccion = useCallback((evento: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (
      evento.button !== 0 ||
      evento.metaKey ||
      evento.ctrlKey ||
      evento.shiftKey ||
      evento.altKey
    ) {
      return;
    }
    const destino = document.getElementById(id);
    if (!destino) return;
    evento.preventDefault();
    desplazarA(destino, !prefiereMenosMovimiento());
    document.getElementById(tituloId(id))?.focus({ preventScroll: true });
    // Replace instead of push, so that Volver leaves the page instead of stepping through anchors.
    window.history.replaceState(window.history.state, '', `#${id}`);
  }, []);

  return (
    <div lang="es" className="min-h-dvh bg-white text-slate-900 print:min-h-0">
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10 print:max-w-none print:px-0 print:py-0">
        <header className="border-b border-slate-200 pb-6">
          <button
            type="button"
            onClick={volver}
            className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 print:hidden"
          >
            <span aria-hidden="true">←</span>
            Volver
          </button>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl">
            {titulo}
          </h1>
          {subtitulo ? (
            <p className="mt-3 text-lg leading-relaxed text-pretty text-slate-700">{subtitulo}</p>
          ) : null}
          {vigencia ? (
            <p className="mt-2 text-sm text-slate-700">Vigente desde: {vigencia}</p>
          ) : null}
        </header>

        <main className="pt-6">
          {aviso ? (
            <p
              role="note"
              data-testid="aviso-operador"
              className="mb-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-sm leading-relaxed text-slate-900"
            >
              {aviso}
            </p>
          ) : null}

          {cargando ? (
            <p role="status" className="py-10 text-center text-slate-700">
              Cargando...
            </p>
          ) : (
            <>
              <nav
                aria-label="Contenido"
                className="rounded-md border border-slate-200 bg-slate-50 p-4 sm:p-5 print:border-0 print:bg-transparent print:p-0"
              >
                <p aria-hidden="true" className="text-base font-semibold text-slate-950">
                  Contenido
                </p>
                <ol className="mt-2 space-y-1">
                  {secciones.map((seccion, i) => (
                    <li key={seccion.id}>
                      <a
                        href={`#${seccion.id}`}
                        onClick={(evento) => irASeccion(evento, seccion.id)}
                        className="inline-flex min-h-11 items-center rounded-sm py-1 text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 print:text-slate-900 print:no-underline"
                      >
                        {i + 1}. {seccion.titulo}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>

              <div className="mt-8 space-y-10 text-base leading-relaxed hyphens-auto sm:text-lg print:text-sm">
                {secciones.map((seccion, i) => (
                  <section
                    key={seccion.id}
                    id={seccion.id}
                    aria-labelledby={tituloId(seccion.id)}
                    className="scroll-mt-6"
                  >
                    <h2
                      id={tituloId(seccion.id)}
                      tabIndex={-1}
                      className="text-xl font-semibold text-balance text-slate-950 focus:outline-none sm:text-2xl print:break-after-avoid"
                    >
                      {i + 1}. {seccion.titulo}
                    </h2>
                    {seccion.parrafos.map((parrafo, j) => (
                      <p key={j} className="mt-4 text-pretty">
                        {parrafo}
                      </p>
                    ))}
                    {seccion.subsecciones?.map((sub, k) => (
                      <div key={k} className="mt-6">
                        <h3 className="text-lg font-semibold text-slate-950 sm:text-xl print:break-after-avoid">
                          {i + 1}.{k + 1}. {sub.titulo}
                        </h3>
                        {sub.parrafos.map((parrafo, j) => (
                          <p key={j} className="mt-3 text-pretty">
                            {parrafo}
                          </p>
                        ))}
                      </div>
                    ))}
                  </section>
                ))}
              </div>
            </>
          )}
        </main>
      </div>
    </div>
  );
}

export default LegalLayout;
