/**
 * How the configurator words a visibility condition for the admin: the trigger by its label and
 * the value as it is picked in the condition window ('si ¿Paga arriendo? = Sí'), never internal
 * names or raw values ('si paga_arriendo = true').
 */
import { triggerOptions } from '../../domain/definicion-config';
import { labelOf, type FieldCondition, type FieldDefinition } from '../../domain/field-definition';

/** The expected value as the admin chose it: an option's label, Sí/No for a yes/no field. */
export function conditionValueText(value: unknown, trigger: Pick<FieldDefinition, 'type' | 'list_values'> | undefined): string {
  const option = triggerOptions(trigger).find((o) => String(o.value) === String(value));
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return value === null || value === undefined ? '' : String(value);
}

/** 'si <trigger's label> = <value as shown>'; a trigger no longer in the group is named from its key. */
export function conditionText(condition: FieldCondition, siblings: readonly FieldDefinition[]): string {
  const trigger = siblings.find((s) => s.key === condition.field);
  return `si ${labelOf(trigger ?? { key: condition.field })} = ${conditionValueText(condition.value, trigger)}`;
}
