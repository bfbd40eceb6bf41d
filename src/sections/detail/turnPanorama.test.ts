import { describe, expect, it } from 'vitest';
import { dragTurn, motionTurn, normalizeDegrees, stripOffset, SWIPE_DEGREES } from './turnPanorama.ts';

describe('the VR viewer turns', () => {
  it('a swipe across the whole screen turns about half way round, whatever the screen width', () => {
    expect(dragTurn(180, -375, 375)).toBe(normalizeDegrees(180 + SWIPE_DEGREES));
    expect(dragTurn(180, 375, 375)).toBe(0);
    expect(dragTurn(0, -320, 320)).toBe(180);
    expect(dragTurn(0, -10, 375)).toBeCloseTo(4.8, 1);
  });

  it('the picture follows the finger: dragging right turns the view left', () => {
    expect(dragTurn(90, 375 / 6, 375)).toBe(60);
    expect(dragTurn(10, 375 / 6, 375)).toBe(340);
  });

  it('wraps all the way round, both ways', () => {
    expect(normalizeDegrees(-30)).toBe(330);
    expect(normalizeDegrees(720)).toBe(0);
    expect(normalizeDegrees(-0)).toBe(0);
  });

  it('turning the phone to the left turns the view to the left', () => {
    expect(motionTurn(100, 130)).toBe(330);
    expect(motionTurn(350, 10)).toBe(340);
    expect(motionTurn(10, 350)).toBe(20);
  });

  it('shifts the strip by the share of the full turn', () => {
    expect(stripOffset(90, 1000)).toBe(250);
    expect(stripOffset(-90, 1000)).toBe(750);
    expect(stripOffset(0, 1000)).toBe(0);
  });

  it('ignores a drag over a viewer of no width', () => {
    expect(dragTurn(45, 100, 0)).toBe(45);
  });
});
