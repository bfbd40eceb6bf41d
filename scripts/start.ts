/** `npm start`: build the pages if needed, then run the one server process on the embedded database. */
import { ensureBuild } from './ensureBuild.ts';

if (!process.argv.includes('--no-build')) ensureBuild();
await import('../src/server/main.ts');
