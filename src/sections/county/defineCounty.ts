/**
 * <sc-county>: the county page's behaviour (spec 2.1, 4, 9).
 * - Weather is fetched 500 ms after the page starts, with one retry after 1000 ms.
 * - Without a district in the address, the picked district or a location younger than 30 minutes
 *   (`locationInfo`) chooses the district; otherwise the reader is asked first, in our own words, why we
 *   want the location (LocationAsk.astro: 允许 / 手动选择, remembered in `locationConsent`), and only after
 *   允许 is the browser asked (10 s accuracy time-out). Failure shows 定位失败, sets the location flag false
 *   and switches to domestic mode. 手动选择 opens the picker in domestic mode and is never asked again
 *   until the reader taps 定位到当前区县.
 * - The picker's search filters districts by name (暂无数据 when none); a pick is remembered.
 */
import { storage } from '../../client/storage.ts';

/** The API client arrives with the first call, not with the page: the list's 15 KB before load carries no ofetch (ADR 011). */
const getLazily = () => import('../../client/getEndpoint.ts').then((m) => m.getByPath);
import type { areaLocate, areaWeather } from '../../contract/news.ts';
import {
  decideCountyTarget,
  LOCATION_TIMEOUT_MS,
  LOCATION_KEY,
  PICKED_DISTRICT_KEY,
  readFreshLocation,
  readLocationConsent,
  readPickedDistrict,
  saveLocation,
  saveLocationConsent,
  savePickedDistrict,
  type LocationInfo,
} from '../../features/district/districtState.ts';
import { filterDistricts, type DistrictNode } from '../../features/district/filterDistricts.ts';
import { showToast } from '../../stores/toast.ts';

// Paths and the domestic area number of src/contract/news.ts (areaWeather, areaLocate; spec 9: 999).
// Only types are imported from the contract: its zod schemas would add ~26 KB to a list page.
const WEATHER_PATH: (typeof areaWeather)['path'] = '/kratos/v1/area/weather';
const LOCATE_PATH: (typeof areaLocate)['path'] = '/kratos/v1/area/locate';
const DOMESTIC_AREA_NUMBER = 999;
const WEATHER_DELAY_MS = 500;
const WEATHER_RETRY_MS = 1000;
const LOCATION_FAILED = '定位失败';
/** Long enough to read 定位失败 before the page switches to domestic mode. */
const FAILURE_NOTICE_MS = 1500;

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 });
  });
}

class County extends HTMLElement {
  connectedCallback(): void {
    const classId = Number(this.dataset['classId'] || 0);
    if (classId > 0) window.setTimeout(() => void this.weather(classId, true), WEATHER_DELAY_MS);
    if (this.dataset['explicit'] !== '1') void this.choose(classId);
    this.wirePicker();
  }

  private async weather(classId: number, retry: boolean): Promise<void> {
    const box = this.querySelector('[data-weather]');
    if (!box) return;
    try {
      const res = await (await getLazily())<typeof areaWeather>(WEATHER_PATH, { classId });
      if (res.statusCode !== 200) throw new Error(res.message);
      box.textContent = `${res.data.weather} ${res.data.temperature}℃`;
    } catch {
      if (retry) window.setTimeout(() => void this.weather(classId, false), WEATHER_RETRY_MS);
    }
  }

  private go(query: string, hash = ''): void {
    location.replace(`${this.dataset['base'] ?? ''}?${query}${hash}`);
  }

  /** Opens our question and answers what the reader chose (Escape counts as 手动选择). */
  private ask(): Promise<'allow' | 'manual'> {
    const dialog = document.querySelector<HTMLDialogElement>('[data-location-ask]');
    if (!dialog || typeof dialog.showModal !== 'function') return Promise.resolve('manual');
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'allow' ? 'allow' : 'manual'), { once: true });
      dialog.returnValue = '';
      dialog.showModal();
    });
  }

  private async choose(current: number): Promise<void> {
    let target = decideCountyTarget(readPickedDistrict(storage), readFreshLocation(storage, Date.now()), readLocationConsent(storage));
    if (target.kind === 'ask') {
      const answer = await this.ask();
      saveLocationConsent(storage, answer === 'allow' ? 'granted' : 'refused');
      if (answer === 'manual') {
        // Domestic mode with the picker open: the reader picks by hand.
        this.go(`areaNumber=${DOMESTIC_AREA_NUMBER}`, '#county-picker');
        return;
      }
      target = { kind: 'locate' };
    }
    if (target.kind === 'locate') {
      const info = await this.locate();
      target = decideCountyTarget(null, info, 'granted');
      if (!info.located) await new Promise((resolve) => window.setTimeout(resolve, FAILURE_NOTICE_MS));
    }
    if (target.kind === 'district' && target.classId !== current) this.go(`classId=${target.classId}`);
    if (target.kind === 'domestic') this.go(`areaNumber=${DOMESTIC_AREA_NUMBER}`);
  }

  private async locate(): Promise<LocationInfo> {
    const failed: LocationInfo = { located: false, name: '', classId: 0, inChongqing: 0, createdAt: Date.now() };
    try {
      const pos = await position();
      const res = await (await getLazily())<typeof areaLocate>(LOCATE_PATH, { lat: pos.coords.latitude, lng: pos.coords.longitude });
      if (res.statusCode !== 200) throw new Error(res.message);
      const info: LocationInfo = { located: true, ...res.data, createdAt: Date.now() };
      saveLocation(storage, info);
      return info;
    } catch {
      saveLocation(storage, failed);
      showToast(LOCATION_FAILED, { type: 'text', duration: 2000 });
      return failed;
    }
  }

  private wirePicker(): void {
    const picker = document.getElementById('county-picker');
    if (!picker) return;
    picker.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest('a[data-locate-now]')) {
        // The reader asks for the location: forget the pick and the cached answer, say 允许, look it up afresh.
        storage.removeItem(PICKED_DISTRICT_KEY);
        storage.removeItem(LOCATION_KEY);
        saveLocationConsent(storage, 'granted');
        return;
      }
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-pick], a[data-pick-domestic]');
      if (!link) return;
      const id = Number(link.dataset['pick'] ?? 0);
      // A pick wins over the location; 国内 forgets the pick.
      if (id > 0) savePickedDistrict(storage, { classId: id, name: link.textContent?.trim() ?? '' });
      else storage.removeItem(PICKED_DISTRICT_KEY);
    });
    const input = picker.querySelector<HTMLInputElement>('[data-county-search]');
    const empty = picker.querySelector<HTMLElement>('[data-county-empty]');
    const domestic = picker.querySelector<HTMLElement>('[data-pick-domestic]');
    const groups = Array.from(picker.querySelectorAll<HTMLDetailsElement>('[data-group]'));
    const tree: (DistrictNode & { el: HTMLDetailsElement })[] = groups.map((g, i) => ({
      columnid: i,
      columnname: g.dataset['group'] ?? '',
      el: g,
      areasub: Array.from(g.querySelectorAll<HTMLElement>('[data-name]')).map((li, k) => ({ columnid: k, columnname: li.dataset['name'] ?? '', areasub: [] })),
    }));
    input?.addEventListener('input', () => {
      const shown = filterDistricts(tree, input.value);
      const keep = new Map(shown.map((p) => [p.el, new Set(p.areasub.map((c) => c.columnname))]));
      for (const node of tree) {
        const names = keep.get(node.el);
        node.el.hidden = !names;
        if (names) node.el.open = true;
        node.el.querySelectorAll<HTMLElement>('[data-name]').forEach((li) => (li.hidden = !names?.has(li.dataset['name'] ?? '')));
      }
      if (empty) empty.hidden = shown.length > 0;
      // Under 暂无数据 nothing is offered (spec 2.1): the 国内 chip shows again with the districts.
      if (domestic) domestic.hidden = shown.length === 0;
    });
  }
}

export function defineCounty(): void {
  if (!customElements.get('sc-county')) customElements.define('sc-county', County);
}
