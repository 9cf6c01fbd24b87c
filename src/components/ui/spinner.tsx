export function Spinner({ label = 'Cargando...', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700"
      />
      <span>{label}</span>
    </span>
  );
}

export function FullPageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center text-slate-700">
      <Spinner label="Cargando..." />
    </div>
  );
}
