/**
 * `npm run staff -- add --role admin --name 张三 [--account zhangsan] [--scopes composition,wenzheng]`:
 * makes a staff account and prints its one-time enrolment link (valid 24 hours; README "The first admin",
 * ADR 017). There is no default password: the person sets one and scans a TOTP code through the link.
 * `npm run staff -- reset --account zhangsan` prints a new link for a lost second factor. Uses the same
 * database settings as the server (DATA_DIR or DATABASE_URL); the link's origin is PUBLIC_ORIGIN or
 * http://localhost:PORT.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../src/settings/serverConfig.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ROLES, isRole } from '../src/server/staff/permissions.ts';
import { findStaffByAccountRepo } from '../src/server/staff/repo.ts';
import { enrolmentUrl, inviteStaff, normaliseAccount, resetSecondFactor } from '../src/server/staff/service.ts';

const USAGE = `用法:
  npm run staff -- add --role <${ROLES.join('|')}> --name <姓名> [--account <账号>] [--scopes <范围,…>]
  npm run staff -- reset --account <账号>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, name: { type: 'string' }, account: { type: 'string' }, scopes: { type: 'string' } },
});

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(1);
}

const config = readConfig();
const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const cli = { staffId: null, name: '命令行', ip: '' };

try {
  const command = positionals[0];
  if (command === 'add') {
    const role = values.role ?? '';
    if (!isRole(role)) fail(`角色不正确: ${role || '(未填)'}`);
    const name = values.name?.trim();
    if (!name) fail('请用 --name 填写姓名');
    let account = values.account ? normaliseAccount(values.account) : '';
    if (!account) {
      // role1, role2 …: the first free one.
      for (let n = 1; !account; n++) if (!(await findStaffByAccountRepo(database.db, `${role.toLowerCase()}${n}`))) account = `${role.toLowerCase()}${n}`;
    }
    const scopes = values.scopes
      ? values.scopes
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
    const invited = await inviteStaff(database, cli, { account, name, role, scopes });
    console.log(`已创建 ${name}（${role}），账号 ${invited.staff.account}`);
    console.log(`一次性开通链接（24 小时内有效，只能使用一次）:\n${enrolmentUrl(origin, invited.token)}`);
  } else if (command === 'reset') {
    const account = values.account ? normaliseAccount(values.account) : '';
    const row = account ? await findStaffByAccountRepo(database.db, account) : null;
    if (!row) fail(`人员不存在: ${account || '(未填 --account)'}`);
    const reset = await resetSecondFactor(database, cli, { id: row.id, reason: '命令行重置动态验证码' });
    console.log(`已重置 ${row.name} 的动态验证码。新的开通链接（24 小时内有效）:\n${enrolmentUrl(origin, reset.token)}`);
  } else {
    fail(`未知命令: ${command ?? '(无)'}`);
  }
} catch (err) {
  // A refusal of the service (account taken, bad scope …) is a Chinese sentence.
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
