/* The mail module's public face: the mailer (SMTP, or the dev outbox) and what it sends. */
export { Mailer, type OutgoingMail, SMTP_TIMEOUT_MS } from './mailer.ts';
