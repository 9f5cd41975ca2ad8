import type { ApiSchema } from '@/lib/api/client';

type SessionUser = ApiSchema<'User'>;

/** Written by the server into index.html (apps/server/src/plugins/external/web-shell.ts). */
const SESSION_META = 'fantarift-session';

/**
 * The user the server saw when it sent the page (null: a visitor), read once and removed, so the app's
 * first screen does not wait for a round trip to /api/auth/me. Undefined when the page came without it
 * (the Vite dev server, tests): the app then asks the server.
 */
export function takeSessionBootstrap(doc: Document = document): { user: SessionUser | null } | undefined {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${SESSION_META}"]`);
  if (!meta) return undefined;
  meta.remove();
  try {
    const parsed = JSON.parse(meta.content) as { user?: SessionUser | null };
    return parsed.user === undefined ? undefined : { user: parsed.user };
  } catch {
    return undefined;
  }
}
