import { and, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { loggableError } from '../../lib/loggable-error.ts';

/** The longest a relay may take to connect, greet or answer before a mail fails (tried again later). */
export const SMTP_TIMEOUT_MS = 10_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** extra headers, e.g. List-Unsubscribe (RFC 8058) */
  headers?: Record<string, string>;
}

/**
 * Every mail is first written to the outbox inside the caller's transaction, so a rolled-back
 * sign-up never sends anything. Delivery over SMTP happens after commit; without SMTP_URL the
 * outbox itself is the development mailbox.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    // a stuck relay fails a mail in seconds (nodemailer waits minutes by default): the notification sender
    // starts no mail after its lease's window and counts on each one being over soon after (notifications/sender.ts)
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : undefined;
  }

  get smtpEnabled(): boolean {
    return this.transport !== undefined;
  }

  async enqueue(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
    const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    return row!.id;
  }

  /**
   * Sends queued mails over SMTP; never throws, failures are recorded on the outbox row. No mail is started after
   * `startBy` (ms since the epoch): the ids of those left are returned.
   */
  async deliver(ids: string[], startBy = Number.POSITIVE_INFINITY): Promise<string[]> {
    if (!this.transport || ids.length === 0) return [];
    const pending = await this.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
    for (const [i, mail] of pending.entries()) {
      if (Date.now() > startBy) return pending.slice(i).map((m) => m.id);
      try {
        await this.transport.sendMail({
          from: this.config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers ?? undefined,
        });
        await this.db
          .update(mailOutbox)
          .set({ sentAt: new Date(), error: null })
          .where(inArray(mailOutbox.id, [mail.id]));
      } catch (err) {
        this.log.error({ error: loggableError(err), mailId: mail.id }, 'mail delivery failed');
        await this.db
          .update(mailOutbox)
          .set({ error: String(err) })
          .where(inArray(mailOutbox.id, [mail.id]));
      }
    }
    return [];
  }
}
