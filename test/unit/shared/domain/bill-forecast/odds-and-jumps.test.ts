import { describe, expect, it } from 'vitest';
import { oddsInWords, percentWords } from '#shared/domain/bill-forecast/odds-words.ts';
import { isForecastJump } from '#shared/domain/bill-forecast/forecast-jump.ts';
import { forecastJumpWords } from '#shared/domain/notify/render.ts';

describe('oddsInWords', () => {
  it('says a probability as people say odds, rounded to numbers people use', () => {
    expect(oddsInWords(0.05)).toBe('about 1 in 20');
    expect(oddsInWords(1 / 13)).toBe('about 1 in 12');
    expect(oddsInWords(0.3)).toBe('about 1 in 3');
    expect(oddsInWords(0.7)).toBe('about 7 in 10');
    expect(oddsInWords(0.95)).toBe('about 19 in 20');
  });
  it('names the ends of the scale', () => {
    expect(oddsInWords(0.001)).toBe('less than 1 in 200');
    expect(oddsInWords(0.999)).toBe('almost certain');
    expect(oddsInWords(0)).toBe('no chance');
    expect(oddsInWords(1)).toBe('certain');
  });
  it('gives whole percentage points, and <1% / >99% at the ends', () => {
    expect(percentWords(0.052)).toBe('5%');
    expect(percentWords(0.003)).toBe('<1%');
    expect(percentWords(0.998)).toBe('>99%');
    expect(percentWords(0)).toBe('0%');
  });
});

describe('isForecastJump', () => {
  it('is a move of 10 points or more either way', () => {
    expect(isForecastJump(0.3, 0.4)).toBe(true);
    expect(isForecastJump(0.4, 0.3)).toBe(true);
    expect(isForecastJump(0.3, 0.39)).toBe(false);
  });
  it('is a doubling or halving of at least 2 points', () => {
    expect(isForecastJump(0.03, 0.06)).toBe(true);
    expect(isForecastJump(0.06, 0.03)).toBe(true);
    expect(isForecastJump(0.03, 0.05)).toBe(false);
    // Doubled, but by less than 2 points: noise at the bottom of the scale.
    expect(isForecastJump(0.005, 0.012)).toBe(false);
  });
});

describe('forecastJumpWords', () => {
  it('says which way the odds of becoming law moved, in words and points', () => {
    expect(forecastJumpWords({ from: 0.05, to: 0.2, version: 3, as_of: '2026-12-07' })).toBe(
      'Chance of becoming law rose from about 1 in 20 (5%) to about 1 in 5 (20%), forecast of 2026-12-07',
    );
    expect(forecastJumpWords({ from: 0.2, to: 0.05, version: 4, as_of: '2026-12-08' })).toMatch(/^Chance of becoming law fell from/);
  });
});
