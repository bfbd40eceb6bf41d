/**
 * Where uploaded videos are stored (media keys, served at `/media/<key>`): a reader's discover videos under
 * `videos/<userId>/`, a staff member's writing-desk videos under `newsroom/videos/<staffId>/`, each under a generated
 * UUID-shaped name of its sniffed kind (src/server/upload/storeVideo.ts). The server stores by these folders and the
 * contracts accept exactly the addresses they give, so the folder is written once, here. No zod: browser code imports it.
 */
export const VIDEO_FOLDERS = { reader: 'videos', staff: 'newsroom/videos' } as const;
export type VideoFolder = (typeof VIDEO_FOLDERS)[keyof typeof VIDEO_FOLDERS];

/** The media folder of one owner's videos (`videos/12`, `newsroom/videos/3`). */
export const videoFolderOf = (folder: VideoFolder, ownerId: number): string => `${folder}/${ownerId}`;

/** `/media/<folder>/<ownerId>/<uuid>.<mp4|webm>`, a stored video's address; groups: the owner's id, the file's name. */
export function storedVideoUrl(folder: VideoFolder): RegExp {
  return new RegExp(`^/media/${folder}/(\\d{1,10})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(?:mp4|webm))$`);
}
