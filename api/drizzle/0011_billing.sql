CREATE TABLE "billing_charges" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"last_attempt" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp with time zone,
	"subscription_id" bigint,
	"subscription_interval" text,
	"platform" text NOT NULL,
	"parent_charge_id" bigint,
	"provider_payment_id" text,
	"payment_method_id" text,
	"failure" text,
	"net" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"default_payment_method" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"prices" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" bigint PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"unitary" boolean NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "billing_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'unprovisioned' NOT NULL,
	"metadata" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_price_id_billing_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."billing_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_prices" ADD CONSTRAINT "billing_prices_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_price_id_billing_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."billing_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_user_idx" ON "billing_charges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_provider_payment_idx" ON "billing_charges" USING btree ("platform","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_one_pending_renewal_idx" ON "billing_charges" USING btree ("subscription_id") WHERE type = 'subscription' and status in ('open', 'processing', 'failed', 'cancelled', 'expiring');--> statement-breakpoint
CREATE INDEX "billing_charges_due_idx" ON "billing_charges" USING btree ("status","due");--> statement-breakpoint
CREATE INDEX "billing_charges_parent_idx" ON "billing_charges" USING btree ("parent_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_provider_idx" ON "billing_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_prices_product_currency_idx" ON "billing_prices" USING btree ("product_id","currency_code");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id");