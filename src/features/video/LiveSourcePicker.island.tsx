/**
 * The live source picker (spec 2.4), a React island (ADR 011) hydrated by `client:afterload`: one radio per
 * source; a tap, or the arrow keys as in any radio group, highlights a source and emits its url through
 * `$liveSource`, which the player script plays. A tap before hydration is replayed (src/client/directives).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { chooseLiveSource } from './liveSourceStore.ts';

export interface LiveSourcePickerProps {
  sources: Array<{ name: string; videoUrl: string }>;
}

export function LiveSourcePicker({ sources }: LiveSourcePickerProps) {
  const [chosen, setChosen] = useState(0);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);

  function choose(index: number): void {
    setChosen(index);
    const url = sources[index]?.videoUrl;
    if (url) chooseLiveSource(url);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>): void {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0 || sources.length === 0) return;
    event.preventDefault();
    const next = (chosen + step + sources.length) % sources.length;
    choose(next);
    radios.current[next]?.focus();
  }

  return (
    // eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- focus goes to the checked radio inside (roving tabindex, WAI-ARIA radio group)
    <div className="picker" role="radiogroup" aria-label="选择视频源" data-live-sources="" onKeyDown={onKey}>
      <span className="label">切换线路</span>
      {sources.map((source, i) => (
        <button
          key={`${i}-${source.videoUrl}`}
          ref={(el) => {
            radios.current[i] = el;
          }}
          type="button"
          role="radio"
          className="source"
          aria-checked={i === chosen}
          tabIndex={i === chosen ? 0 : -1}
          data-url={source.videoUrl}
          onClick={() => choose(i)}
        >
          {source.name}
        </button>
      ))}
    </div>
  );
}
