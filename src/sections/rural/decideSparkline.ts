/** The polyline of a sparkline: values scaled into width×height (2 px inset), and whether the last value is above the first. */
export function decideSparkline(values: readonly number[], width: number, height: number): { points: string; rising: boolean } {
  if (values.length < 2) return { points: '', rising: false };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = 2;
  const step = (width - pad * 2) / (values.length - 1);
  const points = values
    .map((v, i) => {
      const x = pad + i * step;
      // A flat series sits in the middle.
      const y = max === min ? height / 2 : pad + (1 - (v - min) / span) * (height - pad * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return { points, rising: values[values.length - 1]! >= values[0]! };
}
