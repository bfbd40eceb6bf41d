/**
 * The arithmetic of the VR viewer: which way the 360° strip faces and how far it is
 * shifted. Pure, so the drag, key and motion rules are unit-tested without a browser.
 */

/** A finger swipe across the whole viewer turns the view this far (a half turn, as panorama apps do). */
export const SWIPE_DEGREES = 180;
/** One press of 左转/右转 or of an arrow key. */
export const STEP_DEGREES = 30;

/** An angle folded into [0, 360). */
export function normalizeDegrees(deg: number): number {
  const d = deg % 360;
  return d < 0 ? d + 360 : d === 0 ? 0 : d;
}

/**
 * The view after a finger moved `dx` CSS pixels across a viewer `viewerWidth` wide: the picture follows
 * the finger (dragging to the right turns the view to the left), a full-width swipe turning SWIPE_DEGREES.
 */
export function dragTurn(yaw: number, dx: number, viewerWidth: number): number {
  if (viewerWidth <= 0) return yaw;
  return normalizeDegrees(yaw - (dx / viewerWidth) * SWIPE_DEGREES);
}

/**
 * How far the phone has turned since the first motion reading, in view degrees: DeviceOrientation's
 * alpha grows as the phone turns to the left (counter-clockwise seen from above), which turns the view
 * to the left, so the view's yaw falls by as much.
 */
export function motionTurn(startAlpha: number, alpha: number): number {
  return normalizeDegrees(startAlpha - alpha);
}

/** The strip's shift in pixels for a view facing `yaw`, the 360° strip being `stripWidth` wide. */
export function stripOffset(yaw: number, stripWidth: number): number {
  return (normalizeDegrees(yaw) / 360) * stripWidth;
}

/** A view angle as the readout shows it, in whole degrees (0 faces where the panorama starts). */
export function facingLabel(yaw: number): string {
  return `${Math.round(normalizeDegrees(yaw)) % 360}°`;
}
