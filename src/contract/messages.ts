/** Spec 8's error texts that both the API server and the client show, written once. */
export const SERVER_ERROR_MESSAGE = '服务器开小差了,后台工作人员正在努力解决';
export const LOGIN_EXPIRED_MESSAGE = '未登录或登录过期，请重新登录';
