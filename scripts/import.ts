/**
 * `npm run import -- FILE`: brings an old CMS's archive (a JSON array of records shaped as spec 3's list
 * item and news detail) in as published stories (src/server/wires/importArchive.ts says why published and
 * how a re-run is safe). Uses the same database settings as the server (DATA_DIR or DATABASE_URL). A bad
 * record stops the import with a Chinese message naming it, and nothing of the file is written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../src/settings/serverConfig.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ImportError, importArchive } from '../src/server/wires/importArchive.ts';

const file = process.argv[2];
if (!file) {
  console.error('用法: npm run import -- <导出文件.json>');
  process.exit(1);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch {
  console.error(`无法读取文件: ${file}`);
  process.exit(1);
}

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
try {
  const result = await importArchive(database, text);
  console.log(`导入完成：新导入 ${result.imported} 篇，已导入过而跳过 ${result.skipped} 篇。`);
} catch (err) {
  if (err instanceof ImportError) {
    console.error(`导入失败，未写入任何记录：${err.message}`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
