import { spawn } from 'node:child_process';
import { onCleanup } from './cleanup.ts';

/** Runs a command with a hard time limit; resolves with its output, rejects on a non-zero exit. */
export function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutS: number },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const kill = onCleanup(`${cmd} ${args[0] ?? ''}`, async () => {
      child.kill('SIGKILL');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} did not finish within ${opts.timeoutS} s`));
    }, opts.timeoutS * 1000);
    child.once('error', (err) => {
      clearTimeout(timer);
      void kill();
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      void kill().catch(() => {});
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${stderr || stdout}`));
    });
  });
}
