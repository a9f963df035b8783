import { describe, expect, it } from 'vitest';
import { parseCpuTimes, stealText, stolenShare } from './cpu-steal';

const stat = (steal: number, idle: number) =>
  `cpu  1000 0 500 ${idle} 10 0 20 ${steal} 0 0\ncpu0 500 0 250 100 5 0 10 1 0 0\nintr 1\n`;

describe('the CPU time the host took', () => {
  it('is read from the machine-wide line of /proc/stat', () => {
    expect(parseCpuTimes(stat(30, 8440))).toEqual({ total: 10_000, stolen: 30 });
    expect(parseCpuTimes('intr 1\n')).toBeNull();
  });

  it('is a share of the time between two readings, and says when the machine was busy', () => {
    const share = stolenShare(parseCpuTimes(stat(30, 8440)), parseCpuTimes(stat(130, 9340)));
    expect(share).toBeCloseTo(0.1);
    expect(stealText(share)).toBe('10.0 %: not a quiet machine');
    expect(stealText(0.002)).toBe('0.2 %');
    expect(stealText(null)).toBe('not known on this system');
  });
});
