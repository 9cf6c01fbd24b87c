import { expect, test } from '@playwright/test';
import { LoginPage, PASSWORD, StatisticsPage, waitForServiceWorker } from './fixtures/app';

const TYPES: Array<{ tipo: string; period: boolean; charts: string[]; texts: string[] }> = [
  {
    tipo: 'generales',
    period: false,
    charts: ['Solicitudes por día', 'Solicitudes por estado', 'Solicitudes por banco', 'Solicitudes por ciudad'],
    texts: ['Total solicitantes', 'Total solicitudes', 'Total documentos'],
  },
  {
    tipo: 'rendimiento',
    period: true,
    charts: ['Solicitudes por día', 'Productividad por usuario'],
    texts: ['Solicitudes completadas', 'Solicitudes pendientes', 'Período de análisis'],
  },
  {
    // Financieras has no period (spec 02 §2): all of its figures are of any date.
    tipo: 'financieras',
    period: false,
    charts: ['Rangos de ingresos', 'Tipos de actividad económica'],
    texts: ['Monto total solicitado', 'Monto promedio solicitado', 'Total aprobado', 'Total desembolsado', 'Promedio de referencias', 'Promedio de documentos', 'Total referencias'],
  },
  {
    tipo: 'completas',
    period: true,
    charts: ['Distribución por estado', 'Rangos de ingresos'],
    texts: ['Datos generales', 'Rendimiento', 'Datos financieros'],
  },
  {
    tipo: 'usuarios',
    period: false,
    charts: ['Usuarios por rol', 'Usuarios por banco', 'Usuarios por ciudad'],
    texts: ['Total usuarios', 'Rol actual', 'Acceso especial', 'Estos datos son solo para administradores y supervisores.'],
  },
];

test('each statistics type draws its cards and charts; ECharts loads only with this screen', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await new LoginPage(page).loginAndWait('admin@demo.co');
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));
  expect((await scripts()).some((n) => n.includes('statistics-page'))).toBe(false);

  const stats = new StatisticsPage(page);
  await stats.open();
  expect((await scripts()).some((n) => n.includes('statistics-page'))).toBe(true);
  await expect(stats.typeSelect()).toHaveValue('generales');

  for (const t of TYPES) {
    await stats.typeSelect().selectOption(t.tipo);
    if (t.period) {
      await expect(stats.periodSelect()).toBeVisible();
      await expect(stats.periodSelect()).toHaveValue('30');
      await expect(stats.periodSelect().locator('option')).toHaveText(['7 días', '15 días', '30 días', '60 días', '90 días']);
    } else {
      await expect(stats.periodSelect()).toHaveCount(0);
    }
    await stats.expectCharts(t.charts);
    for (const text of t.texts) await expect(page.getByText(text, { exact: true }).and(page.locator(':not(option)')).first()).toBeVisible();
    await expect(stats.charts()).toHaveCount(t.charts.length);
  }

  // Pie and bar 250 px high, line 400 px.
  await stats.typeSelect().selectOption('generales');
  await stats.expectCharts(['Solicitudes por día']);
  const height = async (title: string) => (await stats.chart(title).locator('canvas').first().boundingBox())?.height;
  expect(await height('Solicitudes por día')).toBe(400);
  expect(await height('Solicitudes por estado')).toBe(250);
  expect(await height('Solicitudes por banco')).toBe(250);
  await expect(page.getByText('Demo Créditos', { exact: true }).last()).toBeVisible();

  // The period changes the figures' label; the answer comes from the server with the new period.
  await stats.typeSelect().selectOption('rendimiento');
  const answer = page.waitForResponse((r) => r.url().includes('/api/estadisticas/rendimiento?dias=7'));
  await stats.periodSelect().selectOption('7');
  expect((await answer).status()).toBe(200);
  // Each figure says what it counts: completed = created in the period and closed now; both
  // per-person figures count an application for its advisor responsible (the server's one rule).
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Solicitudes completadas' })).toContainText(
    'Creadas en los últimos 7 días y ya cerradas (aprobadas, desembolsadas, pagadas, negadas o desistidas)',
  );
  const porAsesor = 'por asesor responsable (el asignado o, si no tiene, quien la creó)';
  await expect(stats.chart('Productividad por usuario').getByTestId('chart-caption')).toHaveText(`Solicitudes creadas en los últimos 7 días, ${porAsesor}`);
  await expect(page.getByTestId('devoluciones-caption')).toContainText(`Solicitudes creadas en los últimos 7 días, ${porAsesor};`);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Período de análisis' })).toContainText('7 días');

  // Actualizar shows 'Cargando...' with a spinner until the server answers.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/estadisticas/rendimiento*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Actualizar' }).click();
  const busy = page.getByRole('button', { name: 'Cargando...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(busy.getByTestId('spinner')).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
  await page.unroute('**/api/estadisticas/rendimiento*');

  expect(problems.filter((p) => /Content Security Policy|unsafe-eval|Refused/i.test(p))).toEqual([]);
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
});

test("financieras shows the money of every application the Colombian way ('$ 180.000.000'), as the server sums it, with no period", async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  const stats = new StatisticsPage(page);
  await stats.open();
  // A period chosen on rendimiento does not follow to financieras: it asks for no period.
  await stats.typeSelect().selectOption('rendimiento');
  await stats.periodSelect().selectOption('7');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/estadisticas/financieras');
  await stats.typeSelect().selectOption('financieras');
  const response = await answer;
  expect(new URL(response.url()).searchParams.has('dias')).toBe(false);
  await expect(stats.periodSelect()).toHaveCount(0);
  const data = (await response.json()).data.estadisticas as Record<string, number>;
  const card = (label: string) => page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) });
  const pesos = (n: number) => `$ ${Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
  for (const [label, key] of [
    ['Monto total solicitado', 'monto_total_solicitado'],
    ['Monto promedio solicitado', 'monto_promedio_solicitado'],
    ['Total aprobado', 'monto_total_aprobado'],
    ['Total desembolsado', 'monto_total_desembolsado'],
  ] as const) {
    expect(data[key]).toBeGreaterThan(0);
    await expect(card(label)).toContainText(pesos(data[key]));
    await expect(card(label).locator('p').nth(1)).toHaveText(/^\$ \d{1,3}(\.\d{3})*$/);
  }
  await expect(card('Monto total solicitado')).toContainText('Todas las solicitudes, de cualquier fecha');
  await expect(page.getByTestId('montos')).not.toContainText(/últimos|período|días/i);
  // Completas keeps its period for rendimiento, and says its financial figures are of any date.
  await stats.typeSelect().selectOption('completas');
  await expect(stats.periodSelect()).toBeVisible();
  await expect(page.getByTestId('financieras-alcance')).toHaveText('Todas las solicitudes, de cualquier fecha; el período solo aplica al rendimiento.');
  await stats.typeSelect().selectOption('financieras');
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
    await expect(card('Total desembolsado')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`financieras-${width}.png`), fullPage: true });
  }
});

test('completas: a period change asks the server for rendimiento alone and shows what a whole completas read of that period shows; Actualizar reads it whole', async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  const stats = new StatisticsPage(page);
  await stats.open();
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/api\/estadisticas\/(completas|rendimiento)$/.test(url.pathname)) asked.push(url.pathname.slice('/api/estadisticas/'.length) + url.search);
  });
  const actualizar = page.getByRole('button', { name: 'Actualizar' });
  const cards = page.getByTestId('stat-card');
  const card = (label: string) => cards.filter({ has: page.getByText(label, { exact: true }) });

  await stats.typeSelect().selectOption('completas');
  await expect(card('Período de análisis')).toContainText('30 días');
  await expect(actualizar).toBeEnabled();
  await stats.periodSelect().selectOption('7');
  await expect(card('Período de análisis')).toContainText('7 días');
  await expect(card('Solicitudes completadas')).toContainText('Creadas en los últimos 7 días');
  await expect(actualizar).toBeEnabled();
  await stats.expectCharts(['Distribución por estado', 'Rangos de ingresos']);
  const composed = await cards.allTextContents();
  expect(asked).toEqual(['completas?dias=30', 'rendimiento?dias=7']);

  // Actualizar reads completas whole, and every card stays as it was.
  const whole = page.waitForResponse((r) => r.url().includes('/api/estadisticas/completas?dias=7'));
  await actualizar.click();
  await whole;
  await expect(actualizar).toBeEnabled();
  await expect(cards).toHaveText(composed);

  // Leaving completas and coming back reads it whole again.
  await stats.typeSelect().selectOption('generales');
  await stats.expectCharts(['Solicitudes por día']);
  await stats.typeSelect().selectOption('completas');
  await expect(actualizar).toBeEnabled();
  await stats.periodSelect().selectOption('90');
  await expect(card('Período de análisis')).toContainText('90 días');
  await expect(actualizar).toBeEnabled();
  expect(asked).toEqual(['completas?dias=30', 'rendimiento?dias=7', 'completas?dias=7', 'completas?dias=7', 'rendimiento?dias=90']);
});

test('the usuarios type is not offered to the asesor', async ({ page }) => {
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  const stats = new StatisticsPage(page);
  await stats.open();
  await expect(stats.typeSelect().locator('option')).toHaveText(['Generales', 'Rendimiento', 'Financieras', 'Completas']);
  await stats.expectCharts(['Solicitudes por día', 'Solicitudes por estado']);
});

test('offline after one visit, the last snapshot shows with its date', async ({ page, context }) => {
  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await waitForServiceWorker(page);
  const stats = new StatisticsPage(page);
  await stats.open();
  await stats.expectCharts(['Solicitudes por día', 'Solicitudes por estado']);
  const total = await page.getByTestId('stat-card').filter({ hasText: 'Total solicitudes' }).textContent();
  await expect(page.getByTestId('snapshot-date')).toHaveCount(0);
  await stats.typeSelect().selectOption('completas');
  await stats.expectCharts(['Distribución por estado']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
  const stamp = page.getByTestId('snapshot-date');
  await expect(stamp).toContainText(/Datos del \d{1,2} de [a-z]+ de \d{4}/);
  await stats.expectCharts(['Solicitudes por día', 'Solicitudes por estado', 'Solicitudes por banco']);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total solicitudes' })).toHaveText(total!);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Another stored type and period too; one never loaded says so instead of failing silently.
  await stats.typeSelect().selectOption('completas');
  await stats.expectCharts(['Distribución por estado', 'Rangos de ingresos']);
  await expect(stamp).toBeVisible();
  await stats.periodSelect().selectOption('90');
  await expect(page.getByRole('alert')).toContainText('Error al cargar las estadísticas');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await stats.expectCharts(['Distribución por estado', 'Rangos de ingresos']);
  await expect(stamp).toHaveCount(0);
});

test("rendimiento shows the returns per advisor (issue 34), online and from the snapshot offline, at 390, 820 and 1366 px", async ({ page, context, request }) => {
  const token = async (email: string) => {
    const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(res.ok()).toBe(true);
    return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  };
  const asesor = await token('asesor@demo.co');
  const tabla = await request.get('/api/dashboard/tabla', { headers: asesor });
  const newest = ((await tabla.json()) as { data: Array<{ solicitud: { id: string } }> }).data[0].solicitud.id;
  const campo = 'solicitud.ciudad_solicitud';
  const devuelta = await request.post(`/api/solicitudes/${newest}/devolver`, {
    headers: await token('supervisor@demo.co'),
    data: { mensaje: 'Revise la ciudad', campos: [{ campo, comentario: 'No coincide con la cédula' }] },
  });
  expect(devuelta.ok()).toBe(true);
  const revisionId = ((await devuelta.json()) as { data: { id: string } }).data.id;
  const respuesta = await request.post(`/api/solicitudes/${newest}/revisiones/${revisionId}/responder`, {
    headers: asesor,
    data: { respuestas: [{ campo, respuesta: 'Confirmada con el cliente' }] },
  });
  expect(respuesta.ok()).toBe(true);

  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await waitForServiceWorker(page);
  const stats = new StatisticsPage(page);
  await stats.open();
  const answer = page.waitForResponse((r) => r.url().includes('/api/estadisticas/rendimiento?dias=30'));
  await stats.typeSelect().selectOption('rendimiento');
  const rows = (await (await answer).json()).data.estadisticas.devoluciones_por_asesor as Array<{ asesor: string; solicitudes: number; devueltas: number }>;
  const mine = rows.find((r) => r.devueltas > 0)!;
  expect(mine.devueltas).toBe(1);
  const table = page.getByTestId('devoluciones-asesor');
  await expect(table.getByRole('heading', { name: 'Devoluciones para corrección por asesor' })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Asesor', 'Solicitudes', 'Devueltas', '% devueltas', 'Mediana hasta la respuesta']);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: mine.asesor }) });
  const pct = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format((100 * 1) / mine.solicitudes);
  await expect(row.getByRole('cell')).toHaveText([String(mine.solicitudes), '1', `${pct}%`, /^\d+ min$/]);

  for (const offline of [false, true]) {
    if (offline) {
      await context.setOffline(true);
      await page.reload();
      await stats.typeSelect().selectOption('rendimiento');
      await expect(page.getByTestId('snapshot-date')).toBeVisible();
    }
    for (const width of [390, 820, 1366]) {
      await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
      await expect(table).toBeVisible();
      if (width === 390) await expect(table.getByRole('listitem').filter({ hasText: mine.asesor })).toContainText(`Devueltas1 (${pct}%)`);
      else await expect(row.getByRole('cell').nth(1)).toHaveText('1');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`devoluciones-${width}${offline ? '-offline' : ''}.png`), fullPage: true });
    }
  }
  await context.setOffline(false);
});
