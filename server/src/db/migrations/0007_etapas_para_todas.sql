-- Every filing is tracked (issue 29): a filing made before its stages were created with it gets the
-- three stages now, with the statuses its application status implies (src/domain/seguimiento.ts,
-- the same mapping; tests/api/etapas.test.ts checks the two agree) and a first history row each.
WITH sin_etapas AS (
  SELECT s.id, s.empresa_id, s.updated_at,
    CASE lower(s.estado)
      WHEN 'en estudio' THEN ARRAY['Aprobado', 'En estudio', 'Pendiente']
      WHEN 'pendiente información adicional' THEN ARRAY['Pendiente información adicional', 'Pendiente', 'Pendiente']
      WHEN 'aprobado' THEN ARRAY['Aprobado', 'Aprobado', 'Pendiente']
      WHEN 'desembolsado' THEN ARRAY['Aprobado', 'Aprobado', 'Desembolsado']
      WHEN 'pagado' THEN ARRAY['Aprobado', 'Aprobado', 'Pagado']
      WHEN 'negado' THEN ARRAY['Aprobado', 'Negado', 'Negado']
      WHEN 'rechazado' THEN ARRAY['Aprobado', 'Negado', 'Negado']
      WHEN 'desistido' THEN ARRAY['Desistido', 'Desistido', 'Desistido']
      ELSE ARRAY['Pendiente', 'Pendiente', 'Pendiente']
    END AS flujo
  FROM "solicitudes" s
  WHERE NOT EXISTS (SELECT 1 FROM "seguimiento_etapas" e WHERE e."solicitud_id" = s.id)
), creadas AS (
  INSERT INTO "seguimiento_etapas" ("empresa_id", "solicitud_id", "etapa", "orden", "estado", "fecha_actualizacion")
  SELECT x.empresa_id, x.id, t.etapa, t.orden, x.flujo[t.orden], x.updated_at
  FROM sin_etapas x
  CROSS JOIN (VALUES ('documentos', 1), ('banco', 2), ('desembolso', 3)) AS t(etapa, orden)
  RETURNING "id", "estado", "fecha_actualizacion"
)
INSERT INTO "seguimiento_historial" ("etapa_id", "estado", "comentario", "fecha")
SELECT "id", "estado", 'Etapa iniciada', "fecha_actualizacion" FROM creadas;
