/**
 * Where a home channel tab leads (spec 2.1): county, domestic, hot list, video, live, composition,
 * rural and flow-video channels have their own pages; every other channel is /home/{classId}.
 * Paths are relative to the base path.
 */
export function decideChannelPath(kind: string, channelId: number): string {
  switch (kind) {
    case 'county':
      return '/home/newsCounty/';
    case 'domestic':
      return '/home/NewsDomestic/';
    case 'hot':
      return '/home/-100000';
    case 'video':
      return '/home/video/VideoPage';
    case 'live':
      return '/home/video/LivePage';
    case 'composition':
      return '/home/composition';
    case 'yunong':
      return '/home/yu-nong';
    case 'num':
      return '/home/shanchengNum';
    case 'flowvideo':
      return `/home/HomeFlowVideoPage?classId=${channelId}`;
    default:
      return `/home/${channelId}`;
  }
}
