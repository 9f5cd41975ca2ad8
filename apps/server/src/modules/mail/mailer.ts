import { and, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { loggableError } from '../../lib/loggable-error.ts';

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
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  get smtpEnabled(): boolean {
    return this.transport !== undefined;
  }

  async enqueue(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
    const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** Sends queued mails over SMTP; never throws, failures are recorded on the outbox row. */
  async deliver(ids: string[]): Promise<void> {
    if (!this.transport || ids.length === 0) return;
    const pending = await this.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
    for (const mail of pending) {
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
  }
}
