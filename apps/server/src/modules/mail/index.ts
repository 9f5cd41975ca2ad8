/* The mail module's public face: the mailer (SMTP, or the dev outbox) and what it sends. */
export { Mailer, type OutgoingMail } from './mailer.ts';
