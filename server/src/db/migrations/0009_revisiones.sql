CREATE TABLE "revisiones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"solicitud_id" uuid NOT NULL,
	"estado" text DEFAULT 'abierta' NOT NULL,
	"mensaje" text NOT NULL,
	"campos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ronda" integer DEFAULT 1 NOT NULL,
	"devuelta_por" integer NOT NULL,
	"devuelta_en" timestamp with time zone DEFAULT now() NOT NULL,
	"primera_devolucion_en" timestamp with time zone DEFAULT now() NOT NULL,
	"respondida_por" integer,
	"respondida_en" timestamp with time zone,
	"primera_respuesta_en" timestamp with time zone,
	"cerrada_por" integer,
	"cerrada_en" timestamp with time zone,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revisiones" ADD CONSTRAINT "revisiones_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisiones_empresa_seq_idx" ON "revisiones" USING btree ("empresa_id","seq");--> statement-breakpoint
CREATE INDEX "revisiones_solicitud_idx" ON "revisiones" USING btree ("solicitud_id");