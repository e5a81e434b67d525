/**
 * The model file's numbers are rounded before anything uses them (leaf
 * values, weights, derived rates, calibrations), so the margins the trainer
 * adds up are the ones the file gives back and the file stays short.
 */

/** `v` rounded to `places` decimal places. */
export const roundTo = (v: number, places: number): number => Math.round(v * 10 ** places) / 10 ** places;
