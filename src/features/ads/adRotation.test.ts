import { describe, expect, it } from 'vitest';
import { nextRotation, parseCounter, rotationKey } from './adRotation.ts';

describe('ad rotation', () => {
  it.each([
    [5, 101, 'adContentTurnUp_101'],
    [3, 941, 'adContentTurnDown_941'],
    [2, -100000, 'adButtomTurn_-100000'],
  ] as const)('slot type %i of class %i uses the key %s', (type, classId, key) => {
    expect(rotationKey(type, classId)).toBe(key);
  });

  it.each([
    [null, 0],
    ['', 0],
    ['3', 3],
    ['-1', 0],
    ['1.5', 0],
    ['abc', 0],
    ['9999999999', 0],
  ])('reads the stored counter %j as %i', (raw, expected) => {
    expect(parseCounter(raw)).toBe(expected);
  });

  it.each([
    [0, 3, 0, 1],
    [1, 3, 1, 2],
    [2, 3, 2, 0],
    [7, 3, 1, 2],
    [0, 1, 0, 0],
    [5, 0, -1, 5],
  ])('counter %i over %i ads shows index %i and stores %i', (counter, count, index, next) => {
    expect(nextRotation(counter, count)).toEqual({ index, next });
  });

  it('cycles through every ad across consecutive views', () => {
    let counter = 0;
    const shown: number[] = [];
    for (let view = 0; view < 6; view++) {
      const r = nextRotation(counter, 3);
      shown.push(r.index);
      counter = r.next;
    }
    expect(shown).toEqual([0, 1, 2, 0, 1, 2]);
  });
});
