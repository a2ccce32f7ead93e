-- issue 23 §7: how each building prints badges ('server': ZPL over raw TCP from the server to the
-- printer address; 'browser': Zebra Browser Print on the desk's computer; 'pdf': the print window).
-- Buildings that had no printer address already printed the PDF badge (spec 002 §4): say so.
ALTER TABLE "buildings" ADD COLUMN "print_method" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_print_method_check" CHECK ("print_method" IN ('server', 'browser', 'pdf'));--> statement-breakpoint
UPDATE "buildings" SET "print_method" = 'pdf' WHERE length(btrim("printer_ip_address")) < 7 AND length(btrim("visitor_printer_ip_address")) < 7;
