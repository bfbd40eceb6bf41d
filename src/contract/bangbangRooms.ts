/**
 * The `/sub` rooms of bangbang items (ADR 010): a politics (问政, comment classid 1) or Q&A (问答, classid 2)
 * item's like and comment counts are pushed (op 1001) on the room `news://<room class>:<item id>`, the
 * news rooms' shape with a class id no news column uses (like COMPOSITION_ROOM_CLASS), so a politics item
 * and a news article of the same number never share a room. Plain constants: browser code imports this.
 */

/** Spec 7.4 bangbang classid → the class id of its items' rooms. */
export const BANG_ROOM_CLASS = { 1: 7_000_001, 2: 7_000_002, 4: 7_000_004 } as const;

/** The room class of a bangbang item named by its comment classid (1 politics, 4 a tip, anything else Q&A). */
export function bangRoomClass(classid: number): number {
  return classid === 1 ? BANG_ROOM_CLASS[1] : classid === 4 ? BANG_ROOM_CLASS[4] : BANG_ROOM_CLASS[2];
}
