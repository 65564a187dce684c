CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"project_id" bigint,
	"day" date,
	"payout_id" bigint,
	"amount_cents" bigint NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('credit', 'platform', 'withdrawal', 'reversal')),
	CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind" = 'withdrawal') = ("ledger_entries"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"method_type" text NOT NULL,
	"method_id" text NOT NULL,
	"method_address" text,
	"status" text NOT NULL,
	"provider_id" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0 and "payouts"."fee_cents" >= 0 and "payouts"."fee_cents" < "payouts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "revenue_days" (
	"day" date PRIMARY KEY NOT NULL,
	"pool_cents" bigint NOT NULL,
	"creator_share_bps" integer NOT NULL,
	"credited_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"status" text DEFAULT 'distributed' NOT NULL,
	"distributed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_days_balanced" CHECK ("revenue_days"."pool_cents" = "revenue_days"."credited_cents" + "revenue_days"."platform_cents"),
	CONSTRAINT "revenue_days_nonnegative" CHECK ("revenue_days"."pool_cents" >= 0 and "revenue_days"."credited_cents" >= 0 and "revenue_days"."platform_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_day_revenue_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."revenue_days"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","available_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_day_idx" ON "ledger_entries" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ledger_entries_unnotified_idx" ON "ledger_entries" USING btree ("available_at") WHERE "ledger_entries"."kind" = 'credit' and not "ledger_entries"."notified";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_kind_idx" ON "ledger_entries" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_user_key_idx" ON "payouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_idx" ON "payouts" USING btree ("method_type","provider_id");--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created");