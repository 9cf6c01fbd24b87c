/** The user's avatar on the profile: their initials in a circle (first name, first surname). */

/** 'Adriana' + 'Mejía' → 'AM'; 'María José' alone → 'MJ'; nothing → '?'. */
export function iniciales(nombre: string | null | undefined, apellido?: string | null): string {
  const words = [nombre, apellido]
    .flatMap((part) => (part ?? '').trim().split(/\s+/))
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  // With a surname, its first letter; else the second word of the name.
  const second = (apellido?.trim() ? apellido.trim()[0] : words[1]?.[0]) ?? '';
  const out = (first + second).toLocaleUpperCase('es-CO');
  return out || '?';
}

export function AvatarIniciales({ nombre, apellido }: { nombre: string; apellido?: string | null }) {
  const full = [nombre, apellido].filter((x) => x && x.trim()).join(' ');
  return (
    <div
      role="img"
      aria-label={`Avatar de ${full || 'usuario'}`}
      data-testid="avatar-iniciales"
      className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-blue-800 text-3xl font-bold text-white ring-4 ring-blue-100 select-none"
    >
      {iniciales(nombre, apellido)}
    </div>
  );
}
