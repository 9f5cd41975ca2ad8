/**
 * The one spelling of an e-mail address used for storage, lookups and rate-limit keys: Unicode NFKC
 * (so compatibility forms such as full-width letters become their plain letters), trimmed, and lower-cased
 * by JavaScript's locale-independent Unicode mapping. The database compares the stored form by equality,
 * never through its own `lower()`, whose folding depends on the server's locale (under C.UTF-8 it turns
 * 'İ' into 'i', so `admİn@…` named the admin while our keys kept the two apart). Here 'İ' lower-cases to
 * 'i' + U+0307, a different address.
 */
export function canonicalEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
