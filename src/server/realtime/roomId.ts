/**
 * The rooms of `/sub`. A client names a room by its `room_id` in the auth (op 7) or change-room
 * (op 12) body; the server keys rooms internally (and on the Redis channel) by a shorter key.
 *
 * | room_id the client sends       | internal key           | what it carries                                       |
 * |--------------------------------|------------------------|-------------------------------------------------------|
 * | `live://<1–12 digits>`         | `live:<n>`             | the global room of the init config (`goim.roomId`, spec 3); what is published to it reaches every socket, in whatever room (the breaking banner shares the page's one socket) |
 * | `news://<classId>:<newsId>`    | `news:<classId>:<newsId>` | one item's like and comment counts (op 1001)        |
 *
 * Reserved classIds carry other items in the same shape: 7000007 an essay (COMPOSITION_ROOM_CLASS), 7000001 a
 * politics item and 7000002 a Q&A question of the bangbang board (contract/bangbangRooms.ts).
 *
 * classId has 1–9 digits, newsId 1–12 digits; leading zeros are dropped so `news://01:5` and
 * `news://1:5` are one room. Anything else is refused (security.md K85: a known room or `live://`).
 */

const LIVE_ROOM_ID = /^live:\/\/(\d{1,12})$/;
const NEWS_ROOM_ID = /^news:\/\/(\d{1,9}):(\d{1,12})$/;
const ROOM_KEY = /^(?:live:(?:0|[1-9]\d{0,11})|news:(?:0|[1-9]\d{0,8}):(?:0|[1-9]\d{0,11}))$/;

const canonical = (digits: string): string => String(Number(digits));

/** The internal key of a client `room_id`, or null when the room is not one we serve. */
export function roomKeyOf(roomId: string): string | null {
  const live = LIVE_ROOM_ID.exec(roomId);
  if (live) return `live:${canonical(live[1]!)}`;
  const item = NEWS_ROOM_ID.exec(roomId);
  if (item) return `news:${canonical(item[1]!)}:${canonical(item[2]!)}`;
  return null;
}

/** The room of one item's counts: what `deps.realtime.publish` takes after a like or a comment. */
export function newsRoomKey(classId: number, newsId: number): string {
  return `news:${classId}:${newsId}`;
}

/** True for the key of the site room (`live:<n>`): its pushes go to every socket, not only to its members. */
export function isSiteRoom(key: string): boolean {
  return key.startsWith('live:');
}

/** True for a well-formed internal key (what `publish` accepts). */
export function isRoomKey(key: string): boolean {
  return ROOM_KEY.test(key);
}
