/** zod with Chinese messages: every contract imports `z` from here so errors read 参数错误: … in Chinese. */
import { z } from 'zod';

z.config(z.locales.zhCN());
// In the browser, no `new Function` probe: the page CSP forbids eval (ADR 009) and Chromium reports the
// caught attempt as a violation. The server keeps zod's faster compiled object parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
