import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Agent {
  cookie: string | undefined;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A cookie-carrying client, like one browser. */
export function agent(app: FastifyInstance, ip = '10.0.0.1'): Agent {
  const self: Agent = {
    cookie: undefined,
    async request(opts) {
      const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
      if (self.cookie) headers.cookie = self.cookie;
      const res = await app.inject({ remoteAddress: ip, ...opts, headers });
      const session = res.cookies.find((c) => c.name === 'fr_session');
      if (session) self.cookie = session.value ? `fr_session=${session.value}` : undefined;
      return res;
    },
  };
  return self;
}

export async function latestMailLink(app: FastifyInstance, to: string, pathPrefix: string): Promise<URL> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  const messages = res.json().messages as { text: string }[];
  for (const m of messages) {
    const match = m.text.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === pathPrefix);
    if (match) return new URL(match);
  }
  throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
}

/** Registers, confirms through the mailbox and logs in; returns the logged-in agent. */
export async function registeredUser(
  app: FastifyInstance,
  p: { username: string; email: string; password?: string; ip?: string },
): Promise<Agent> {
  const password = p.password ?? 'segreta123';
  const a = agent(app, p.ip);
  const signup = await a.request({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { username: p.username, email: p.email, password },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const link = await latestMailLink(app, p.email, '/login');
  const confirm = await a.request({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: link.searchParams.get('confirm') },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const login = await a.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: p.email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return a;
}
