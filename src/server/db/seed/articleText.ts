/** Composes headlines and article HTML from the topic templates. */
import type { Rng } from './createRng.ts';
import { escapeXml } from './svgImage.ts';
import { closings, genericFacts, speakers, subheadings, type TopicData } from './topicsData.ts';

export interface ArticleText {
  smallText: string;
  intro: string;
  /** HTML: <p> paragraphs, optionally an <h3> and an <img>. */
  content: string;
  keyboard: string;
}

export interface ArticleOptions {
  topic: TopicData;
  place: string;
  /** e.g. 11月18日 */
  dateLabel: string;
  /** An inline picture (already generated) and its caption. */
  image?: { src: string; alt: string } | undefined;
}

function fillTemplate(rng: Rng, template: string, place: string, dateLabel: string): string {
  return template
    .replace(/\{who\}/g, () => rng.pick(speakers))
    .replace(/\{p\}/g, place)
    .replace(/\{d\}/g, dateLabel)
    .replace(/\{n\}/g, () => String(rng.int(2, 12)))
    .replace(/\{m\}/g, () => String(rng.int(2, 9) * 10 + rng.int(0, 9)))
    .replace(/\{x\}/g, () => `${rng.int(2, 15)}.${rng.int(1, 9)}`);
}

/** One headline template filled in for a place. */
export function fillHeadline(rng: Rng, template: string, place: string): string {
  return fillTemplate(rng, template, place, '');
}

/** A headline from the topic's templates; `local` prefers templates that name the place. */
export function headline(rng: Rng, topic: TopicData, place: string, local: boolean): string {
  const placed = topic.titles.filter((t) => t.includes('{p}'));
  return fillTemplate(rng, rng.pick(local && placed.length > 0 ? placed : topic.titles), place, '');
}

export function articleText(rng: Rng, options: ArticleOptions): ArticleText {
  const { topic, place, dateLabel } = options;
  const fill = (t: string): string => fillTemplate(rng, t, place, dateLabel);
  const lead = fill(rng.pick(topic.leads));
  const pool = [...rng.shuffle(topic.facts), ...rng.shuffle(genericFacts)].map(fill);
  const firstFact = pool[0] ?? '';
  const bodyCount = rng.int(2, 6);
  const body: string[] = [];
  for (let i = 0; i < bodyCount && pool.length > 0; i++) {
    const take = rng.chance(0.5) && pool.length > 1 ? 2 : 1;
    body.push(pool.splice(0, take).join(''));
  }
  const closing = fill(rng.pick(closings));
  const parts: string[] = [`<p>${escapeXml(lead)}</p>`];
  body.forEach((text, i) => {
    if (i === 0 && options.image) {
      const { src, alt } = options.image;
      parts.push(`<img src="${src}" width="690" height="460" alt="${escapeXml(alt)}">`);
    }
    if (i === Math.floor(body.length / 2) && body.length >= 3 && rng.chance(0.6)) {
      parts.push(`<h3>${escapeXml(rng.pick(subheadings))}</h3>`);
    }
    parts.push(`<p>${escapeXml(text)}</p>`);
  });
  parts.push(`<p>${escapeXml(closing)}</p>`);
  const tags = [...rng.shuffle(topic.tags).slice(0, 2), place.replace(/[：:].*$/, '')];
  return {
    smallText: lead,
    intro: `${lead}${firstFact}`,
    content: parts.join('\n'),
    keyboard: [...new Set(tags)].filter((t) => t !== '').join(','),
  };
}
