/** The areas and their defaults are the review gate's (src/server/review/areas.ts); the desk reads them from here. */
export { AREA_LABELS, AREAS, isArea, REVIEW_BEFORE_PUBLISH_DEFAULT, SITE_WIDE, type Area } from '../review/areas.ts';
