/** The seven groups of the fields tab: the six entities with their JSON column, plus 'Campos Fijos'. */
import { CAMPOS_FIJOS, ENTITY_JSON_COLUMNS, ENTITY_TITLES, FORM_ENTITIES, type FormEntity } from '../../domain/field-definition';

export interface FieldGroup {
  entity: FormEntity | 'campos_fijos';
  jsonColumn: string;
  title: string;
  description: string;
  fixed: boolean;
}

const DESCRIPTIONS: Record<FieldGroup['entity'], string> = {
  solicitante: 'Datos adicionales del solicitante',
  ubicacion: 'Dirección y vivienda del solicitante',
  actividad_economica: 'Actividad económica y laboral',
  informacion_financiera: 'Ingresos, egresos, activos y pasivos',
  referencia: 'Datos de cada referencia',
  solicitud: 'Datos del crédito solicitado',
  campos_fijos: 'Campos base del formulario (no editables)',
};

export const FIELD_GROUPS: FieldGroup[] = [
  ...FORM_ENTITIES.map((entity) => ({
    entity,
    jsonColumn: ENTITY_JSON_COLUMNS[entity],
    title: ENTITY_TITLES[entity],
    description: DESCRIPTIONS[entity],
    fixed: false,
  })),
  {
    entity: CAMPOS_FIJOS.entity,
    jsonColumn: CAMPOS_FIJOS.jsonColumn,
    title: ENTITY_TITLES.campos_fijos,
    description: DESCRIPTIONS.campos_fijos,
    fixed: true,
  },
];
