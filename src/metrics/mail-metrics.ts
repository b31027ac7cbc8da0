import { Counter } from "prom-client";
import { metricsRegistry, onFirstUse } from "./registry.ts";

/** Mail by kind (verify-email, list-alert, …: a few words the site's code chooses). */
export const mailMetrics = onFirstUse(() => ({
  sent: new Counter({
    name: "camstats_mail_sent_total",
    help: "Mails the SMTP server accepted, by kind",
    labelNames: ["kind"],
    registers: [metricsRegistry],
  }),
  failed: new Counter({
    name: "camstats_mail_failed_total",
    help: "Mails not sent, by kind and reason: limit (the recipient had enough within the hour), smtp (the server refused or did not answer)",
    labelNames: ["kind", "reason"],
    registers: [metricsRegistry],
  }),
}));
