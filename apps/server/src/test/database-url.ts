// One template per test run (the process id), so two runs on one server (two work trees) never drop
// each other's template.
export const TEMPLATE_DATABASE = `fantarift_test_template_${process.pid}`;

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
