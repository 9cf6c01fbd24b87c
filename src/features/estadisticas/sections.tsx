/** The cards and charts of each statistics type (spec 02 §2 'Statistics screen'). */
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { ROLE_LABELS } from '../../domain/roles';
import type { SessionUser } from '../../domain/session';
import {
  diaColombia,
  type EstadisticasCompletas,
  type EstadisticasFinancieras,
  type EstadisticasGenerales,
  type EstadisticasRendimiento,
  type EstadisticasUsuarios,
} from '../../domain/estadisticas';
import { BarCard, LineCard, PieCard } from './charts';
import { DevolucionesTable, POR_ASESOR_RESPONSABLE } from './devoluciones-table';
import { formatAverage, formatCount, formatPesos, roleLabel, toDaySeries, toPoints, toRangePoints } from './format';

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="stat-card">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      {/* '$ 10.243.833.000.000' fits a quarter of 1366 px only a size down; a longer one wraps. */}
      <p className="mt-1 break-words text-xl font-bold text-slate-900 2xl:text-2xl">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

const CARDS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';
const CHARTS = 'grid grid-cols-1 gap-4 lg:grid-cols-2';

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="text-lg font-semibold text-slate-900">{children}</h2>;
}

const num = (n: number | undefined) => formatCount(Number(n ?? 0));
const avg = (n: number | undefined) => formatAverage(Number(n ?? 0));
const today = () => diaColombia(Date.now());

export function GeneralesView({ data, user }: { data: EstadisticasGenerales; user: SessionUser }) {
  return (
    <div className="space-y-4">
      <div className={`${CARDS} xl:grid-cols-5`}>
        <StatCard label="Total solicitantes" value={num(data.total_solicitantes)} />
        <StatCard label="Total solicitudes" value={num(data.total_solicitudes)} />
        <StatCard label="Total documentos" value={num(data.total_documentos)} />
        <StatCard label="Rol" value={<span className="text-xl">{ROLE_LABELS[user.rol]}</span>} />
        <StatCard label="Empresa" value={<span className="text-xl">{user.empresa}</span>} />
      </div>
      <LineCard title="Solicitudes por día" points={toDaySeries(data.solicitudes_por_dia)} />
      <div className={CHARTS}>
        <PieCard title="Solicitudes por estado" estados points={toPoints(data.solicitudes_por_estado)} />
        <BarCard title="Solicitudes por banco" points={toPoints(data.solicitudes_por_banco)} />
        <BarCard title="Solicitudes por ciudad" points={toPoints(data.solicitudes_por_ciudad)} />
      </div>
    </div>
  );
}

function RendimientoCards({ data }: { data: EstadisticasRendimiento }) {
  return (
    <div className={`${CARDS} xl:grid-cols-3`}>
      <StatCard
        label="Solicitudes completadas"
        value={num(data.solicitudes_completadas)}
        hint={`Creadas en los últimos ${data.periodo_dias} días y ya cerradas (aprobadas, desembolsadas, pagadas, negadas o desistidas)`}
      />
      <StatCard label="Solicitudes pendientes" value={num(data.solicitudes_pendientes)} hint="En trámite actualmente" />
      <StatCard label="Período de análisis" value={`${data.periodo_dias} días`} />
    </div>
  );
}

export function RendimientoView({ data }: { data: EstadisticasRendimiento }) {
  return (
    <div className="space-y-4">
      <RendimientoCards data={data} />
      <div className={CHARTS}>
        <BarCard title="Solicitudes por día" days points={toDaySeries(data.solicitudes_por_dia, { dias: data.periodo_dias, today: today() })} />
        <PieCard
          title="Productividad por usuario"
          caption={`Solicitudes creadas en los últimos ${data.periodo_dias} días, ${POR_ASESOR_RESPONSABLE}`}
          points={toPoints(data.productividad_usuarios)}
        />
      </div>
      <DevolucionesTable rows={data.devoluciones_por_asesor} dias={data.periodo_dias} />
    </div>
  );
}

/** What the figures of financieras cover: there is no period selector for them (spec 02 §2). */
const TODAS = 'Todas las solicitudes, de cualquier fecha';

/** An amount on one line ('$ 32.420.000.000' never breaks after the sign). */
const Pesos = ({ n }: { n: number }) => <span className="text-xl whitespace-nowrap">{formatPesos(n)}</span>;

/**
 * The money figures, like every figure of financieras over all the applications, of any date (so
 * no period is named, nor `periodo_dias` read). Absent from an answer kept by an older version.
 */
function MontosCards({ data }: { data: EstadisticasFinancieras }) {
  if (data.monto_total_solicitado === undefined) return null;
  return (
    <div className={CARDS} data-testid="montos">
      <StatCard label="Monto total solicitado" value={<Pesos n={data.monto_total_solicitado} />} hint={TODAS} />
      <StatCard label="Monto promedio solicitado" value={<Pesos n={data.monto_promedio_solicitado} />} hint="Por solicitud que indica un monto" />
      <StatCard label="Total aprobado" value={<Pesos n={data.monto_total_aprobado} />} hint="Aprobadas, desembolsadas o pagadas" />
      <StatCard label="Total desembolsado" value={<Pesos n={data.monto_total_desembolsado} />} hint="Desembolsadas o pagadas" />
    </div>
  );
}

function FinancierasCards({ data }: { data: EstadisticasFinancieras }) {
  return (
    <>
      <MontosCards data={data} />
      <div className={CARDS}>
        <StatCard label="Promedio de referencias" value={avg(data.referencias_promedio)} hint="Por solicitante" />
        <StatCard label="Promedio de documentos" value={avg(data.documentos_promedio)} hint="Por solicitante" />
        <StatCard label="Total referencias" value={num(data.total_referencias)} />
        <StatCard label="Total documentos" value={num(data.total_documentos)} />
      </div>
    </>
  );
}

export function FinancierasView({ data }: { data: EstadisticasFinancieras }) {
  return (
    <div className="space-y-4">
      <FinancierasCards data={data} />
      <div className={CHARTS}>
        <PieCard title="Rangos de ingresos" points={toRangePoints(data.rangos_ingresos)} />
        <BarCard title="Tipos de actividad económica" points={toPoints(data.tipos_actividad_economica)} />
      </div>
    </div>
  );
}

export function CompletasView({ data }: { data: EstadisticasCompletas }) {
  const g = data.generales;
  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-label="Datos generales">
        <Heading>Datos generales</Heading>
        <div className={`${CARDS} xl:grid-cols-3`}>
          <StatCard label="Total solicitantes" value={num(g?.total_solicitantes)} />
          <StatCard label="Total solicitudes" value={num(g?.total_solicitudes)} />
          <StatCard label="Total documentos" value={num(g?.total_documentos)} />
        </div>
      </section>
      <section className="space-y-3" aria-label="Rendimiento">
        <Heading>Rendimiento</Heading>
        {data.rendimiento && <RendimientoCards data={data.rendimiento} />}
      </section>
      <section className="space-y-3" aria-label="Datos financieros">
        <Heading>Datos financieros</Heading>
        <p className="text-sm text-slate-600" data-testid="financieras-alcance">
          {TODAS}; el período solo aplica al rendimiento.
        </p>
        {data.financieras && <FinancierasCards data={data.financieras} />}
      </section>
      <div className={CHARTS}>
        <PieCard title="Distribución por estado" estados points={toPoints(g?.solicitudes_por_estado)} />
        <BarCard title="Rangos de ingresos" points={toRangePoints(data.financieras?.rangos_ingresos)} />
      </div>
    </div>
  );
}

export function UsuariosView({ data, user }: { data: EstadisticasUsuarios; user: SessionUser }) {
  return (
    <div className="space-y-4">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
        Estos datos son solo para administradores y supervisores.
      </p>
      <div className={CARDS}>
        <StatCard label="Total usuarios" value={num(data.total_usuarios)} />
        <StatCard label="Empresa" value={<span className="text-xl">{user.empresa}</span>} />
        <StatCard label="Rol actual" value={<span className="text-xl">{ROLE_LABELS[user.rol]}</span>} />
        <StatCard
          label="Acceso"
          value={
            <Badge color="purple">
              <span className="text-sm">Acceso especial</span>
            </Badge>
          }
        />
      </div>
      <div className={CHARTS}>
        <PieCard title="Usuarios por rol" points={toPoints(data.usuarios_por_rol, roleLabel)} />
        <BarCard title="Usuarios por banco" points={toPoints(data.usuarios_por_banco)} />
        <BarCard title="Usuarios por ciudad" points={toPoints(data.usuarios_por_ciudad)} />
      </div>
    </div>
  );
}
