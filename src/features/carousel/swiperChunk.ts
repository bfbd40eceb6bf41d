/**
 * The one swiper chunk (issue 14 item 4): swiper core and only the modules the carousels use
 * (Autoplay for the banners, Pagination for their dots), with swiper's core CSS only — the dots and
 * the slides are styled by our own components. Never imported statically: `loadSwiper()` brings it
 * after first paint, so no page carries it before its load event.
 */
import Swiper from 'swiper';
import { Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';

export { Swiper, Autoplay, Pagination };
