import { estadoColor } from '../../domain/estados';
import { Badge } from './badge';

/** An application's status as a coloured pill ('Pendiente' when it has none). */
export function StatusBadge({ estado }: { estado: string | null | undefined }) {
  return (
    <Badge color={estadoColor(estado)}>
      <span data-testid="estado-badge">{estado || 'Pendiente'}</span>
    </Badge>
  );
}
