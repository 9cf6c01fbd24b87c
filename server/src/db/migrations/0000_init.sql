CREATE TABLE "actividad_economica" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"tipo_actividad" text,
	"sector_economico" text,
	"cargo_actual" text,
	"tipo_contrato" text,
	"detalle_actividad" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"usuario_id" integer,
	"entidad" text NOT NULL,
	"entidad_id" text NOT NULL,
	"accion" text NOT NULL,
	"cambios" jsonb NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"categoria" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"configuracion" jsonb NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "columnas_tabla" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"nombre_interno" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"orden" integer NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "definiciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"entity" text NOT NULL,
	"json_column" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"description" text,
	"default_value" jsonb,
	"order_index" integer,
	"list_values" jsonb,
	"conditional_on" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documento_contenidos" (
	"documento_id" uuid PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"solicitud_id" uuid,
	"etapa_id" integer,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"file_size" integer NOT NULL,
	"estado" text DEFAULT 'Recibido' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"imagen" text,
	"change_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados_empresa" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"estados" jsonb NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "informacion_financiera" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"total_ingresos_mensuales" numeric,
	"total_egresos_mensuales" numeric,
	"total_activos" numeric,
	"total_pasivos" numeric,
	"detalle_financiera" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitud_id" uuid,
	"usuario_id" integer,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"mensaje" text NOT NULL,
	"prioridad" text DEFAULT 'normal' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"fecha_recordatorio" timestamp with time zone,
	"fecha_vencimiento" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"datos_adicionales" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "observaciones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitud_id" uuid NOT NULL,
	"tipo" text DEFAULT 'comentario' NOT NULL,
	"observacion" text NOT NULL,
	"usuario_id" integer,
	"usuario_nombre" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referencias" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"tipo_referencia" text,
	"detalle_referencia" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seguimiento_etapas" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitud_id" uuid NOT NULL,
	"etapa" text NOT NULL,
	"orden" integer NOT NULL,
	"estado" text NOT NULL,
	"comentarios" text,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seguimiento_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"etapa_id" integer NOT NULL,
	"estado" text NOT NULL,
	"comentario" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitantes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nombres" text NOT NULL,
	"primer_apellido" text NOT NULL,
	"segundo_apellido" text,
	"correo" text,
	"numero_documento" text NOT NULL,
	"tipo_identificacion" text,
	"fecha_nacimiento" text,
	"genero" text,
	"info_extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"radicado" text NOT NULL,
	"estado" text DEFAULT 'Pendiente' NOT NULL,
	"banco_nombre" text,
	"ciudad_solicitud" text,
	"tipo_credito" text,
	"detalle_credito" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferencias_notificacion" jsonb DEFAULT '{"email":true,"sms":false}'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"assigned_to_user_id" integer,
	"created_by_user_email" text,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"last_mutation_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_results" (
	"client_id" uuid NOT NULL,
	"mutation_id" integer NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"error" text,
	"conflict" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_results_client_id_mutation_id_pk" PRIMARY KEY("client_id","mutation_id")
);
--> statement-breakpoint
CREATE TABLE "ubicaciones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"ciudad_residencia" text,
	"departamento_residencia" text,
	"barrio" text,
	"estrato" integer,
	"detalle_direccion" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text,
	"correo" text NOT NULL,
	"cedula" text NOT NULL,
	"rol" text NOT NULL,
	"password_hash" text NOT NULL,
	"info_extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "actividad_economica" ADD CONSTRAINT "actividad_economica_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_contenidos" ADD CONSTRAINT "documento_contenidos_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estados_empresa" ADD CONSTRAINT "estados_empresa_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "informacion_financiera" ADD CONSTRAINT "informacion_financiera_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observaciones" ADD CONSTRAINT "observaciones_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referencias" ADD CONSTRAINT "referencias_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seguimiento_etapas" ADD CONSTRAINT "seguimiento_etapas_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seguimiento_historial" ADD CONSTRAINT "seguimiento_historial_etapa_id_seguimiento_etapas_id_fk" FOREIGN KEY ("etapa_id") REFERENCES "public"."seguimiento_etapas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitantes" ADD CONSTRAINT "solicitantes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_results" ADD CONSTRAINT "sync_results_client_id_sync_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sync_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubicaciones" ADD CONSTRAINT "ubicaciones_solicitante_id_solicitantes_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."solicitantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actividad_solicitante_idx" ON "actividad_economica" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("empresa_id","entidad","entidad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_uq" ON "categorias" USING btree ("empresa_id","categoria") WHERE "categorias"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "categorias_empresa_seq_idx" ON "categorias" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE INDEX "columnas_empresa_seq_idx" ON "columnas_tabla" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "definiciones_key_uq" ON "definiciones" USING btree ("empresa_id","entity","json_column","key") WHERE "definiciones"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "definiciones_empresa_seq_idx" ON "definiciones" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE INDEX "documentos_solicitante_idx" ON "documentos" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "financiera_solicitante_idx" ON "informacion_financiera" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "notificaciones_empresa_seq_idx" ON "notificaciones" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE INDEX "notificaciones_solicitud_idx" ON "notificaciones" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "observaciones_solicitud_idx" ON "observaciones" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "referencias_solicitante_idx" ON "referencias" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "etapas_solicitud_idx" ON "seguimiento_etapas" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "historial_etapa_idx" ON "seguimiento_historial" USING btree ("etapa_id");--> statement-breakpoint
CREATE INDEX "solicitantes_empresa_idx" ON "solicitantes" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitudes_radicado_uq" ON "solicitudes" USING btree ("empresa_id","radicado");--> statement-breakpoint
CREATE INDEX "solicitudes_empresa_seq_idx" ON "solicitudes" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE INDEX "solicitudes_empresa_created_idx" ON "solicitudes" USING btree ("empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "solicitudes_solicitante_idx" ON "solicitudes" USING btree ("solicitante_id");--> statement-breakpoint
CREATE INDEX "ubicaciones_solicitante_idx" ON "ubicaciones" USING btree ("solicitante_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_correo_uq" ON "usuarios" USING btree (lower("correo"));--> statement-breakpoint
CREATE INDEX "usuarios_empresa_idx" ON "usuarios" USING btree ("empresa_id","seq");