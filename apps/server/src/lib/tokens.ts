import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, confirmation and reset links. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed, so a leaked table gives no usable session or link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
