/**
 * The live source picker (spec 2.4): one button per source; the chosen one is highlighted and its url
 * emitted through $liveSource, which the player script plays. Hydrated client:visible.
 */
import { useState } from 'react';
import type { VideoSource } from '../../contract/detail.ts';
import { chooseLiveSource } from './liveSourceStore.ts';
import styles from './LiveSourcePicker.module.css';

interface Props {
  sources: VideoSource[];
}

export function LiveSourcePicker({ sources }: Props) {
  const [selected, setSelected] = useState(0);
  if (sources.length < 2) return null;
  return (
    <div className={styles.picker} role="radiogroup" aria-label="选择视频源">
      <span className={styles.label}>切换线路</span>
      {sources.map((source, i) => (
        <button
          key={source.videoUrl}
          type="button"
          role="radio"
          aria-checked={i === selected}
          className={i === selected ? `${styles.source} ${styles.active}` : styles.source}
          onClick={() => {
            setSelected(i);
            chooseLiveSource(source.videoUrl);
          }}
        >
          {source.name}
        </button>
      ))}
    </div>
  );
}
