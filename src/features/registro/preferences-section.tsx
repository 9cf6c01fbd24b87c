/** 'Notificaciones': how the applicant wants to hear about the application (spec 01 §3: e-mail by default, not SMS). */
import { useRecordForm } from './form-context';
import { Section } from './section';

export function PreferencesSection({ formId, disabled }: { formId: string; disabled: boolean }) {
  const { register } = useRecordForm();
  return (
    <Section title="Notificaciones" testId="seccion-notificaciones">
      <fieldset disabled={disabled} className="flex flex-wrap gap-6">
        <legend className="sr-only">Preferencias de notificación</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
          <input type="checkbox" form={formId} className="h-5 w-5" {...register('preferencias.email')} />
          Notificar por correo electrónico
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
          <input type="checkbox" form={formId} className="h-5 w-5" {...register('preferencias.sms')} />
          Notificar por SMS
        </label>
      </fieldset>
    </Section>
  );
}
