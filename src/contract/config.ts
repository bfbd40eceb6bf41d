/** Global configuration (/kratos/v1/init): realtime room, grey mode, app promotion, default title. */
import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

export const InitConfig = z.object({
  goim: z.object({ roomId: z.string(), accepts: z.array(z.number().int()) }),
  greyMode: z.boolean(),
  appPromotion: z.boolean(),
  defaultTitle: z.string(),
});
export type InitConfig = z.infer<typeof InitConfig>;

export const init = defineEndpoint({
  cache: 'reference',
  method: 'GET',
  path: '/kratos/v1/init',
  summary: '全局配置：实时连接房间 goim{roomId, accepts}、灰色模式、App 推广开关',
  tag: 'config',
  data: InitConfig,
});
