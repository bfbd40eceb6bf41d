/** Addresses of the rest of the board's pages (spec 2.7). */
import { BASE_PATH } from '../../lib/safeUrl.ts';

const BANG = `${BASE_PATH}/BangBang`;

export const moreLinks = {
  qaIndex: `${BANG}/QA/index`,
  ask: `${BANG}/QA/ask`,
  moreList: (type: 1 | 2) => `${BANG}/QA/moreList?type=${type}`,
  qaList: (id: number) => `${BANG}/QA/list?id=${id}`,
  reply: (id: number) => `${BANG}/QA/reply?id=${id}`,
  askSpecial: (type: 1 | 2) => `${BANG}/QA/index/ask-special?type=${type}`,
  member: (userId: number) => `${BANG}/QA/index/ask-special/detail?id=${userId}`,
  politicsCommit: `${BANG}/politics/commit`,
  politicsReply: (id: number) => `${BANG}/politics/reply?id=${id}`,
  department: (id: number) => `${BANG}/politics/department?id=${id}`,
  community: `${BANG}/community/index`,
  commend: `${BANG}/community/commend`,
  group: (id: number) => `${BANG}/community/detail?id=${id}`,
  exposure: `${BANG}/exposure/index`,
  explain: `${BANG}/helpYouExplain`,
  explainDetail: (id: number) => `${BANG}/helpYouExplain?id=${id}`,
  applyfor: `${BANG}/applyfor`,
};
