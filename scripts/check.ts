/**
 * `npm run check`: types (astro check), lint (eslint, with the import boundaries of docs/where-code-lives.md)
 * and layout (prettier), side by side — each is single-threaded, so on a 2-core machine the three together
 * take about as long as the slowest. Each tool's output is printed whole when it ends, never interleaved;
 * the check fails if any of them does.
 */
import { spawn } from 'node:child_process';
import { binPath as bin, childEnv, root } from './childEnv.ts';

interface Tool {
  name: string;
  cmd: string;
  args: string[];
}

const TOOLS: Tool[] = [
  { name: 'astro check', cmd: bin('astro'), args: ['check', '--minimumSeverity', 'warning'] },
  { name: 'eslint', cmd: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'prettier', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
];

function runTool(tool: Tool): Promise<{ tool: Tool; status: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(tool.cmd, tool.args, { cwd: root, env: childEnv() });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const done = (status: number) => resolve({ tool, status, output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const results = await Promise.all(
  TOOLS.map((tool) => runTool(tool).then((r) => (process.stdout.write(`── ${r.tool.name} (${r.seconds.toFixed(0)} s)\n${r.output}`), r))),
);
const failed = results.filter((r) => r.status !== 0).map((r) => r.tool.name);
if (failed.length > 0) {
  console.error(`check failed: ${failed.join(', ')}`);
  process.exit(1);
}
