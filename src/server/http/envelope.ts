/** Building envelopes. Business results are HTTP 200; transport errors use 4xx/5xx with the same shape. */
import { LOGIN_EXPIRED_MESSAGE, SERVER_ERROR_MESSAGE } from '../../contract/messages.ts';
import { StatusCode, type Envelope } from '../../contract/envelope.ts';

/** What a successful answer says when its endpoint has nothing more particular to say: Chinese, as every message a reader may see (spec 8). */
export const OK_MESSAGE = '成功';

export function ok<T>(data: T, message: string = OK_MESSAGE): Envelope<T> {
  return { statusCode: StatusCode.ok, message, data };
}

export function failure(statusCode: number, message: string): Envelope<null> {
  return { statusCode, message, data: null };
}

/** Thrown anywhere in a handler to answer with a business failure (HTTP 200 unless httpStatus is set). */
export class ApiFailure extends Error {
  readonly statusCode: number;
  readonly httpStatus: number;
  constructor(statusCode: number, message: string, httpStatus = 200) {
    super(message);
    this.statusCode = statusCode;
    this.httpStatus = httpStatus;
  }
}

/** A business failure to throw: `throw fail(StatusCode.notFound, MESSAGES.missing)`. */
export const fail = (statusCode: number, message: string) => new ApiFailure(statusCode, message);

export const messages = {
  serverError: SERVER_ERROR_MESSAGE,
  notFound: '接口不存在',
  notLoggedIn: LOGIN_EXPIRED_MESSAGE,
  tooLarge: '请求内容过大',
  unsupportedType: '不支持的请求格式',
  badParams: '参数错误',
  tooFrequent: '操作过于频繁，请稍后再试',
} as const;
