/** CSV cells and files: quoting, formula neutralising, and parsing what we write back. */
import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', '解放碑', '解放碑'],
    ['a formula', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['a plus', '+86 138', "'+86 138"],
    ['a minus', '-1+1', "'-1+1"],
    ['an at', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab', '\t=1', "'\t=1"],
    ['a comma', '渝中区,解放碑', '"渝中区,解放碑"'],
    ['a quote', '他说"好"', '"他说""好"""'],
    ['a formula with a comma', '=HYPERLINK("http://x",1)', '"\'=HYPERLINK(""http://x"",1)"'],
    ['a new line', '一\n二', '"一\n二"'],
  ])('%s', (_, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as numbers, negative ones included, and nothing for null', () => {
    expect(csvCell(-300)).toBe('-300');
    expect(csvCell(null)).toBe('');
  });
});

describe('parseCsv', () => {
  it('reads back what toCsv wrote, BOM and quotes included', () => {
    const text = toCsv(
      ['兑换单号', '地址'],
      [
        [12, '渝中区,"解放碑"'],
        [13, '江北\n观音桥'],
      ],
    );
    expect(parseCsv(text)).toEqual([
      ['兑换单号', '地址'],
      ['12', '渝中区,"解放碑"'],
      ['13', '江北\n观音桥'],
    ]);
  });

  it('takes LF or CRLF and drops blank lines', () => {
    expect(parseCsv('1,顺丰,SF1\n\r\n2,中通,ZT2')).toEqual([
      ['1', '顺丰', 'SF1'],
      ['2', '中通', 'ZT2'],
    ]);
  });
});
