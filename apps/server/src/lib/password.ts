import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) at the OWASP minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a fixed hash when the account does not exist keeps login timing uniform.
// It is made at start-up, so the first unknown e-mail does not take a hash's time longer than the others.
let dummyHash: Promise<string> | undefined;
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('fantarift-timing-equaliser');
  return dummyHash;
}
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
