/** zod with Chinese messages: every contract imports `z` from here so errors read 参数错误: … in plain Chinese. */
import { z } from 'zod';
import { describeIssue } from './readerMessages.ts';

z.config(z.locales.zhCN());
// Zod's zh-CN locale names types (期望 string，实际接收 undefined); readers get plain Chinese.
z.config({ customError: describeIssue });
// In the browser, no `new Function` probe: the page CSP forbids eval (ADR 009) and Chromium reports the
// caught attempt as a violation. The server keeps zod's faster compiled object parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
