CREATE TABLE "tus_upload_chunks" (
	"upload_id" text NOT NULL,
	"chunk_offset" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "tus_upload_chunks_upload_id_chunk_offset_pk" PRIMARY KEY("upload_id","chunk_offset")
);
--> statement-breakpoint
CREATE TABLE "tus_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"empresa_id" integer NOT NULL,
	"usuario_id" integer,
	"solicitud_id" uuid NOT NULL,
	"documento_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"size" bigint NOT NULL,
	"upload_offset" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tus_upload_chunks" ADD CONSTRAINT "tus_upload_chunks_upload_id_tus_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."tus_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_uploads_created_idx" ON "tus_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tus_uploads_solicitud_idx" ON "tus_uploads" USING btree ("solicitud_id");