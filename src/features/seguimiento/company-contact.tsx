/** Who handles the filing, and how the applicant reaches them (the company's public contact). */
import { CONTACTO_CAMPOS, type ContactoKey, type EmpresaPublica } from '../../domain/empresa-contacto';

const HREF: Partial<Record<ContactoKey, (v: string) => string>> = {
  telefono: (v) => `tel:${v.replace(/[^\d+]/g, '')}`,
  whatsapp: (v) => `https://wa.me/${v.replace(/\D/g, '').replace(/^(?=3\d{9}$)/, '57')}`,
  correo: (v) => `mailto:${v}`,
};

export function CompanyContact({ empresa }: { empresa: EmpresaPublica }) {
  const lines = CONTACTO_CAMPOS.flatMap(([key, label]) => {
    const value = empresa.contacto?.[key];
    return value ? [{ key, label, value }] : [];
  });
  return (
    <section aria-labelledby="empresa-titulo" className="mt-4 border-t border-slate-200 pt-3 text-sm">
      <h3 id="empresa-titulo" className="text-slate-500">
        Empresa que atiende su solicitud
      </h3>
      <p className="font-semibold text-slate-900">{empresa.nombre}</p>
      {lines.length ? (
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
          {lines.map(({ key, label, value }) => {
            const href = HREF[key]?.(value);
            return (
              <div key={key}>
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium break-words">
                  {href ? (
                    <a
                      href={href}
                      className="inline-flex min-h-11 items-center text-blue-800 underline"
                      {...(key === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="mt-1 text-slate-600">La empresa aún no ha publicado sus datos de contacto.</p>
      )}
    </section>
  );
}
