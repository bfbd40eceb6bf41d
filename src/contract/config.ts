/** Global configuration (/kratos/v1/init): realtime room, grey mode, app promotion, default title. */
import { endpointsOf } from './endpoint.ts';
import { z } from './zod.ts';

const api = endpointsOf('config');

export const InitConfig = z.object({
  goim: z.object({ roomId: z.string(), accepts: z.array(z.number().int()) }),
  greyMode: z.boolean(),
  appPromotion: z.boolean(),
  defaultTitle: z.string(),
});
export type InitConfig = z.infer<typeof InitConfig>;

export const init = api.get('/kratos/v1/init', '全局配置：实时连接房间 goim{roomId, accepts}、灰色模式、App 推广开关', {
  cache: 'reference',
  data: InitConfig,
});
