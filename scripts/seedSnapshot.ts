/** `node scripts/seedSnapshot.ts <dir>`: seeds the demo once into `dir` for a whole `npm test` (tests/support/seedSnapshot.ts). */
import { makeSeedSnapshot } from '../tests/support/seedSnapshot.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/seedSnapshot.ts <empty folder>');
  process.exit(2);
}
await makeSeedSnapshot(dir);
