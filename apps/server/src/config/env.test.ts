import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './env.ts';

describe('TRUST_PROXY', () => {
  it('is off unless configured, and takes a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" (anyone could pick their IP) and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('999')).toThrow(/TRUST_PROXY/);
  });
});

describe('safe defaults', () => {
  it('development listens on this machine, with the demo data and the README password', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: 'localhost', seedDemo: true, demoPasswords: 'readme', apiDocs: true });
  });

  it('a development server reachable from the network gets random demo passwords', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).demoPasswords).toBe('random');
    expect(loadConfig({ HOST: '127.0.0.1' }).demoPasswords).toBe('readme');
  });

  it('production loads no demo data and publishes no API docs unless asked', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c).toMatchObject({ host: '0.0.0.0', seedDemo: false, apiDocs: false, demoPasswords: 'random' });
    const asked = loadConfig({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      API_DOCS: 'true',
      HOST: 'localhost',
    });
    expect(asked).toMatchObject({ seedDemo: true, apiDocs: true, demoPasswords: 'random' });
  });
});
